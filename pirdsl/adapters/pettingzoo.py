"""Any rules file as a PettingZoo AEC environment: `env("games/glory_islands.pir", players=3)`.

Install with `pip install 'pirdsl[pettingzoo]'`. The agents (`player_0`, `player_1`...)
are the seats that decide; automa seats are played by the rules inside the environment,
and chance (draws, rolls, shuffles) is resolved inside it with the generator that
`reset(seed=...)` seeds, so a seed and the agents' actions fix the whole game.

- action space: `Discrete(n)` over the game's fixed action numbers (interpreter/actions.py);
- observation space: `Dict({"observation": Box(float32), "action_mask": Box(int8, 0..1)})`,
  the observation being interpreter/encoding.py's encoding of what the agent's seat may
  see, the mask the legal actions (all zero for an agent not to move);
  `observation="information_state"` puts the seat's information-state tensor there instead
  (what it has seen so far, laid out as OpenSpiel's adapter lays it: pirdsl/adapters/tensors.py;
  `env.unwrapped.information_layout` says which layout and its parts), so any library that
  reads `observation` and `action_mask` trains on it unchanged;
- rewards: 0 until the end, then each agent's `state.returns()`: what the file's `payoff`
  line pays it, else its share of the win (an agent that wins alone gets 1);
- the longest game: the rules' own bound, derived or declared (`longest N decisions`),
  which a game never passes (if one did, the rules file would be wrong, and `step` stops
  with an error saying so); where the rules give none, a cap of `max_game_length`
  decisions (default 100,000), past which a game is truncated (`truncations` all true).
  `max_game_length=N` makes N the cap in any case; `env.unwrapped.facts` says which it is;
- `render_mode="ansi"`: `render()` returns the board and seats as the terminal draws them,
  as the agent to move sees them (`"human"` prints it); `infos[agent]` holds its `prompt` and option `labels`.
"""

from __future__ import annotations

import io
from array import array
from typing import Any

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
except ImportError as error:  # pragma: no cover - depends on what is installed
    from pirdsl.adapters import missing_extra
    raise missing_extra("PettingZoo", "pettingzoo") from error

from interpreter import load_game
from interpreter.actions import ActionSpace
from interpreter.encoding import ObservationEncoding, game_facts
from pirdsl.adapters import LegalActions, split_variants
from pirdsl.adapters.tensors import Record, information_layout

# What `observe` puts under "observation": the seat's view now, or all it has seen so far.
OBSERVATIONS = ("observation", "information_state")


class PirdslEnv(AECEnv):
    """A pirdsl game as a turn-based AEC environment."""

    metadata = {"render_modes": ["ansi", "human"], "name": "pirdsl_v0", "is_parallelizable": False}

    def __init__(self, file: str, players: int | None = None, variants=(), render_mode: str | None = None,
                 max_game_length: int | None = None, observation: str = "observation", **params: Any):
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode {render_mode!r} is not offered: use 'ansi', 'human' or None")
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation {observation!r} is not offered: use 'observation' or 'information_state'")
        # The file's game parameters by name (`dice_sides=3`): over its defaults, checked.
        self.rules = load_game(str(file)).with_params(params)
        self.player_count = int(players or self.rules.min_players)
        self.variant_names = sorted(split_variants(variants))
        self.space = ActionSpace(self.rules, self.player_count, self.variant_names)
        self.legal = LegalActions(self.space)
        self.encoding = ObservationEncoding(self.rules, self.player_count, self.variant_names, self.space)
        self.facts = game_facts(self.rules, self.player_count, self.variant_names, self.space)
        self.render_mode = render_mode
        # The rules' own bound is kept, never truncated; a cap (theirs or the caller's) truncates.
        self.truncates = bool(max_game_length) or self.facts.max_game_length_source == "cap"
        self.max_game_length = int(max_game_length or self.facts.max_game_length)
        self.decisions = 0
        start = self.rules.new_state(players=self.player_count, seed=0, variants=self.variant_names)
        self.seats = [seat for seat in range(start.num_seats) if not start.is_automa(seat)]
        self.possible_agents = [f"player_{i}" for i in range(len(self.seats))]
        self.seat_of = dict(zip(self.possible_agents, self.seats))
        self.agent_of = dict(zip(self.seats, self.possible_agents))
        self.metadata = dict(self.metadata, name=f"pirdsl_{self.rules.name.lower().replace(' ', '_')}_v0")
        self.observation_kind = observation
        # The information state's layout, and the record it is read from (kept only when asked for).
        self.information_layout = information_layout(len(self.seats), self.space, self.encoding.size,
                                                     self.max_game_length)
        self.player_of_seat = {seat: player for player, seat in enumerate(self.seats)}
        self.record = Record(self.encoding, self.seats, self.player_of_seat) \
            if observation == "information_state" else None
        size = self.information_layout.size if self.record is not None else self.encoding.size
        observation = gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32)
        # A game no `chooses` of which can offer anything has no actions; gymnasium's Discrete needs one.
        self.action_count = max(self.space.size, 1)
        mask = gymnasium.spaces.Box(0, 1, (self.action_count,), np.int8)
        self.observation_spaces = {agent: gymnasium.spaces.Dict({"observation": observation, "action_mask": mask})
                                   for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(self.action_count) for agent in self.possible_agents}
        self.state = None

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    # ------------------------------------------------------------ playing

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        self.state = self.rules.new_state(players=self.player_count, seed=int(seed) & ((1 << 63) - 1),
                                          variants=self.variant_names)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.decisions = 0
        if self.record is not None:
            self.record.clear()
        self._go_on()

    def _go_on(self) -> None:
        """Resolve chance up to the next decision or the end; then set who acts and what they get."""
        state = self.state
        while state.is_chance():
            state.apply_chance()
        for agent in self.agents:
            self.rewards[agent] = 0.0
            self.infos[agent] = {}
        if state.is_terminal():
            shares = state.returns()
            for agent in self.agents:
                self.rewards[agent] = shares[self.seat_of[agent]]
                self.terminations[agent] = True
        elif self.decisions >= self.max_game_length and self.truncates:
            for agent in self.agents:
                self.truncations[agent] = True
        else:
            self.agent_selection = self.agent_of[state.current_player()]
            self.infos[self.agent_selection] = {"prompt": state.prompt(), "labels": state.action_labels()}
        self._accumulate_rewards()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self.decisions >= self.max_game_length:
            facts = self.facts
            raise RuntimeError(f"this game asks more than the {self.max_game_length} decisions the rules file "
                               f"{facts.max_game_length_source} as its longest game: the bound is wrong")
        record = self.record
        if record is not None:  # who decides, what each player saw, before the move
            record.note(self.state, int(action))
        try:
            self.legal.apply(self.state, int(action))
        except Exception:
            if record is not None:
                record.forget_last()
            raise
        self.decisions += 1
        self._go_on()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat_of[agent]
        # A fresh mask each time (callers keep observations), filled by index from the legal
        # options alone; np.zeros hands out pages the system has already zeroed.
        mask = np.zeros(self.action_count, np.int8)
        state = self.state
        if not state.is_terminal() and state.current_player() == seat:
            mask[self.legal.legal(state)] = 1
        # array('f') packs the floats in one C loop, far quicker than NumPy reading a list.
        observation = np.frombuffer(array("f", self.encoding.encode(state, seat)), np.float32)
        record = self.record
        if record is not None:
            information = np.zeros(self.information_layout.size, np.float32)
            self.information_layout.fill(information, observation, record.moves, record.trail,
                                         self.player_of_seat[seat])
            observation = information
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        """The board and seats as the agent to move sees them: returned ("ansi") or printed ("human")."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: make the environment with render_mode='ansi'")
            return None
        from rich.console import Console
        from pirdsl.terminal import render_observation
        state = self.state
        seat = state.current_player() if state.current_player() >= 0 else self.seats[0]
        out = io.StringIO()
        Console(file=out, width=100, color_system=None, force_terminal=False).print(
            render_observation(state.observation(seat)))
        if self.render_mode == "human":
            print(out.getvalue(), end="")
            return None
        return out.getvalue()

    def close(self) -> None:
        pass


def env(file: str, players: int | None = None, variants=(), render_mode: str | None = None, **options: Any) -> AECEnv:
    """A PettingZoo AEC environment for a rules file, wrapped as PettingZoo's own are.

    An action that is not legal stops with `interpreter.actions.ActionSpaceError` (one line).

    Args:
        file: the rules file.
        players: the player count (default: the file's smallest).
        variants: variant names (a list, or one text joined by `+`).
        render_mode: None or "ansi".
        options: `max_game_length` (a cap: decisions before truncation), `observation`
            ("observation", the default, or "information_state": what the agent has seen
            so far, docs/adapters.md "Information states"), and the file's
            game parameters by name (`env("liars_dice.pir", dice_sides=3)`; see `param` in
            docs/language.md): a name the file does not declare, a value that is not a whole
            number or one outside its range is a ValueError.
    """
    from pettingzoo.utils import wrappers
    made = PirdslEnv(file, players, variants, render_mode, **options)
    made = wrappers.AssertOutOfBoundsWrapper(made)
    return wrappers.OrderEnforcingWrapper(made)


def parallel_env(file: str, players: int | None = None, variants=(), render_mode: str | None = None, **options: Any):
    """The same game as a PettingZoo ParallelEnv in which only the agent to move acts each step."""
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel
    return turn_based_aec_to_parallel(env(file, players, variants, render_mode, **options))


def run_official_tests(file: str, players: int | None = None, variants=(), cycles: int = 300,
                       observation: str = "observation") -> None:
    """PettingZoo's api_test, seed_test, parallel_api_test and render_test on one configuration.

    `observation` is the environment's (`"information_state"` tests that output). What
    they print (progress, and the boards of render mode "human") is kept quiet; a
    failure raises.
    """
    import contextlib
    import warnings
    from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        # api_test suggests a Box or Discrete observation space; a Dict of an observation and
        # an action mask is what PettingZoo's own classic games use.
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(file, players, variants, observation=observation), num_cycles=cycles)
        seed_test(lambda: env(file, players, variants, observation=observation), num_cycles=cycles)
        parallel_api_test(parallel_env(file, players, variants, observation=observation), num_cycles=cycles)
        render_test(lambda render_mode=None: env(file, players, variants, render_mode=render_mode,
                                                 observation=observation))
