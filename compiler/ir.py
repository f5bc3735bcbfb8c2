"""The IR: each card as an engine-neutral program of plain JSON data, which every backend reads.

A program is a dict (`Program`).  Its effects are dicts with an `op` and the
arguments below; amounts are `Amount` dicts; targets are the words of
compiler.ast.TARGET_KINDS.  An engine that reads this needs no Python: it is
what `cardwright explain --format json` prints and what other engines consume.

Which checks a card adds to: `checks` is a list of kinds of check, any one of which
will do (empty: any check), each of words that must all hold (`noncombat Strength`:
a Strength check that is not a combat check); `purpose` (`defeat`, `acquire`,
`close`, `recharge`, `against`: to defeat or to acquire, or null: any), `against` (card
types, singular or plural; empty: any) and
`against_traits` (the card has one of them; empty: any) narrow it further.

Where a word has few values, they are those of the AST (compiler.ast): a card action is
`discard`, `bury`, `banish`, `recharge`, `top` (on top of the deck), `shuffle` (into the
deck) or `shuffle_to_location` (into the location deck); a condition's kind is one of
CONDITION_KINDS; a close place `here` (the character's location) or `origin` (the one the
card came from); a card action's source is `hand`, `discards`, `discards_top` (the discard
pile's top cards, the last discarded), `hand_or_discards`, `hand_or_deck` (the hand, or
the deck's top cards), `deck` (its top cards),
`deck_ends` (its top and bottom cards) or `blessings` (the blessings deck's); the cards
paid for `pay_for_each` are the hand's, as many as the player chooses; a forbidding's
`or_kinds` are forbidden too, whatever their traits, and `powers` says powers may not be
used either (the runtime has no characters' powers, and does nothing with it), and
`on_check` that it holds only on the check being made; a conditional's kind may also be
`defeated` or `undefeated`, for effects written inside `If undefeated,`, or `playing`
(words: a card type, or `card` for any), for effects written inside `before any
character plays a spell`, or `failing_by` (words: a number), for effects written inside
`If you would fail a check by 1`, or `first_time` (words: `turn` or `scenario`, and the
window), for effects written inside `The first time ...`; an examination's `then` is `any_order` or
`top_or_bottom`, and its deck `location`, `yours` or `blessings`.  Damage a card halves
is halved after `more` is added, rounding up.  A reduction is for the holder's damage
(`whose` `you`), any character's (`any_character`) or that of a character at the
holder's location (`at_location`).  A damage rule changes the damage of type `of_kind`
the card deals (null: all of it), making it of type `as_kind`.  An evade or defeat takes
in a card of one of `kinds` with all of `traits`, whose highest difficulty to defeat is
at most `highest` (null: any; with `combat_value` true, of its combat checks only, and a
card with none is not taken in).

| op               | arguments                                                          |
|------------------|--------------------------------------------------------------------|
| `damage`         | target, amount, kind (a type, or null: the game's default), unreducible |
| `reduce_damage`  | kinds (empty: any), amount (null: all of it), whose (below)         |
| `evade`          | who (null: the card's holder), kinds, traits, highest (below)      |
| `defeat`         | who (null), kinds, traits, highest: the bane is defeated, no check |
| `summon`         | target, cards (names)                                              |
| `dispose`        | place (`banish`, `display`, a cost, `shuffle`, `top`, `bottom`,      |
|                  | `under_top`: under the location deck's top card), beside            |
| `cards`          | target, action, count, random, kinds (empty: any), source (below)  |
| `draw`           | target, count, up_to (at most count, as many as the player chooses) |
| `add_to_check`   | amount, owner (`yours`, `any`), checks, purpose, against (below)   |
| `close_location` | mode (`close`, `temporarily_close`, `attempt_close`), place            |
| `auto_succeed`   | owner, checks, purpose, against: the check succeeds                  |
| `add_dice`       | count, owner, checks, purpose, against: dice of the check's kind   |
| `add_skill_die`  | skill, traits: one die of the holder's for it, no bonus, to the check |
| `use_skill`      | skills (the best one makes the check), plus, and which checks, as above |
| `you_may`        | effect: done if "you" chooses; declined (or null): done if not     |
| `either`         | options: the character does one, its choice of those it can do in full |
| `pay_to`         | cost (`cards` of "you"), effect if all paid, declined if not (or null) |
| `extra_cost`     | cost (paid again with the card played), effect                     |
| `conditional`    | condition {kind, words}, then, otherwise (or null), instead        |
| `explore`        | (none): one more exploration this turn                             |
| `turn_addition`  | amount, traits, and which checks (as `add_to_check`): this turn's   |
| `select_location` | most_occupied: an occupied location the dice pick (of those with   |
|                  | the most characters), for the target `each_character_at_selected`  |
| `difficulty`     | scope (as the AST's: DifficultyChange), sign, amount (or null), adventure |
| `instead_of_discard` | action (where the card played goes), replaces (the move it undoes: |
|                  | `discard`, `bury`, `banish`, `recharge`), or_replaces (more such    |
|                  | moves: `instead of discarding or burying it`), check (or null)     |
| `forbid`         | target, kinds (as written: `spells`), traits, or_kinds, powers, on_check, |
|                  | for_turn (past the encounter, to the turn's end)                    |
| `turn_action`    | action: `reset_hand`, `end_turn`, `keep_hand` (not at this turn's end) |
| `evade_self`     | (none): the encountered card is evaded                              |
| `roll_dice`      | amount, traits, and which checks: the check is these dice, no skill |
| `discard_first`  | kinds, by_card: damage (the card's own) discards cards of kinds first |
| `reroll_check`   | (none): the check's dice (its skill's and those added) are rolled again |
| `count_as`       | sides, face, counted: such a die of the check counts as `counted`    |
| `take_result`    | (none): the check's result after a reroll stands; no more rerolls   |
| `movement_lock` | target: while the card tops its location's deck, no one there moves; |
|                  | explored_first: they meet it as each turn's first exploration there |
| `encounter_self` | ignoring: the examined card is encountered, those windows left undone |
| `move`           | target, random (false: where the player chooses)                    |
| `shuffle_from_box` | kinds: a card of each type from the box into the location deck  |
| `attempt`        | target, check (a list of options): its outcome is the last check's  |
| `suffer_scourge` | target, card (a Scourge's name, or null: one the dice pick)          |
| `search_deck`    | kinds, traits, action (`take`, a card verb): a card of the deck, shuffled |
| `summon_from_box` | target, kinds: a card of one of them the dice pick, summoned      |
| `banish_encountered` | kinds: in the next exploration, such a card is banished unencountered |
| `recharge_if_found` | kinds: the next exploration finding one, the card played is recharged |
| `each_attempts_defeat` | target, different: each of them attempts the check to defeat   |
| `choose_card_type` | (none): the player names a type of card, `the chosen type`         |
| `set_aside_chosen` | (none): the cards just examined of the chosen type leave their deck |
| `return_set_aside` | (none): that deck shuffled, the cards set aside on its top or bottom |
| `exploration_addition` | amount, and which checks (as `add_to_check`): in the next exploration |
| `displayed_addition` | as `add_to_check`: for the checks of the encounter of the character a |
|                  | card is displayed beside (in `while_displayed`)                     |
| `roll_for`       | amount: dice rolled for the conditions `rolled` and `rolled_not` after |
| `examine`        | count (of a deck's cards at end, `top` or `bottom`; null: all of it), |
|                  | then (or null), deck, end                                            |
| `gain_from_box`  | target, count, kinds, traits (all of them): random cards from the box |
| `retrieve`       | kinds (card types; empty: any): one from the discard pile to the hand |
| `pile`           | target, action, pile (`hand`, `discards`), kinds, traits (any): all such |
| `damage_rule`    | as_kind, more (an amount), sign (-1: less), to, unreducible, halved, of_kind, |
|                  | at_most, loses, for_failure (only the damage of the failed check)  |
| `shuffle_location` | (none): the location deck is shuffled                             |
| `blessings_back` | count: random cards of the blessings discard pile back into its deck |
| `counted_damage` | target, kind, counted (selections), owner (`yours`, `theirs`): a point a card |
|                  | and, only when not 0, plus: so many points more                      |
| `examined`       | action (ast.EXAMINED_ACTIONS): of the card examined just before      |
| `examined_kinds` | action, kinds: each card examined just before of those kinds, left   |
| `examined_rest`  | how (`any_order`, `shuffle`): the cards examined just before, left   |
| `for_each`       | counted (ast.COUNTED), effect: the effect once for each one counted |
| `for_each_played` | kinds, traits, effect: the effect once for each such card played on |
|                  | the check being made                                                 |
| `played_fate`    | target, kinds, traits, action (a card verb): where each such card the |
|                  | target plays in this encounter goes once played (not from the box);  |
|                  | with failed_defeat (only when true), one played on the check to      |
|                  | defeat, once that check has failed                                   |
| `encountered_by_each` | target: each of them but the one encountering it encounters it first |
| `undefeated_unless` | card: undefeated if any encounter of that summoned card was not won |
| `no_damage`      | (none): no damage for a failed check to defeat the card (among `effects`) |
| `no_closing`     | (none): the henchman, defeated, offers no attempt to close its location |
| `no_temporary_closing` | traits: a villain's; in its encounter no one closes for now one |
|                  | other open location the dice pick (no traits), or those with a trait |
| `pay_for_each`   | action, kinds, each (an `add_to_check`, once for each card paid) |
| `shuffle_blessing` | (none): the blessings deck's top card into the location deck      |
| `forbid_self`    | (none): the card may not be played now (in `before_playing`); with   |
|                  | during_encounter (only when true), only while an encounter is under way |
| `force_outcome`  | outcome (`defeated`, `undefeated`): of the check to defeat            |
| `subtract`       | amount, each_die (per die rolled on the check)                       |
| `unevadable`     | (none): the card may not be evaded                                 |
| `allow_another`  | kind: one more card of this type may be played on the check        |
| `check_or_else`  | target, check (a list of options), otherwise (effects, in order)   |
| `stat_change`    | target (or `self`), stat, amount (signed), until the end of the turn |
| `stat_bonus`     | stat, amount (signed), against (a trait, or null: always)          |
| `roll_or_else`   | target, stats, number (to reach), otherwise (an effect)            |
| `heal`           | target, amount                                                     |
| `gain_stars`     | target, amount (of Star tokens)                                    |
| `draw_loot`      | target, amount                                                     |
| `discard_monster`| trait                                                              |
| `reroll`         | (none)                                                             |
| `marker`         | name: `ambush`, `monster_nest`, `skippable`, `no_attack`; ose's    |
|                  | `carries_light`, `never_surprised`, `always_attacks`, `pursues`    |
| `surprise_range` | low, high: the other side is surprised on low to high of its d6 (ose) |
| `abilities_elsewhere` | names: abilities whose rules are not on the card (`See main   |
|                  | entry`); the encounter sequence does not play them (ose)          |
| `ability`        | name (one of compiler.ast.ABILITIES), amount, signed (a monster     |
|                  | card's, added to its own stat; gloomhaven)                          |
| `given_condition`| name: given to the figures the ability before attacks (gloomhaven) |
| `negate_next_damage` | (none): the next damage this round is none (gloomhaven)        |
| `element`        | name (fire, ice, air, earth, light, dark, any), consumed (or infused) |
| `element_bonus`  | ability, amount: what the element consumed before it adds to that    |
|                  | ability of the action (gloomhaven)                                  |
| `suffer_damage`  | amount, after (`attack`, `move` or null): the monster's own damage, |
|                  | once the action's ability of that name was performed (gloomhaven)  |
| `area_damage`    | sides (`enemies`, `allies`), amount, adjacent, range (or null),    |
|                  | around_target: every figure of those sides in reach (with         |
|                  | around_target, beside a target of the action's attack) suffers the |
|                  | damage (gloomhaven)                                                 |
| `attackers_suffer` | amount: each figure that attacks the monster this round suffers it, |
|                  | at any range (gloomhaven)                                           |
| `attacks_disadvantaged` | (none): each attack on the monster this round draws two   |
|                  | modifiers and keeps the worse (gloomhaven)                          |
| `all_allies`     | self_too, adjacent, range (or null): the heal, shield, retaliation  |
|                  | or conditions before it go to every ally of the figure, and itself  |
|                  | if self_too (gloomhaven)                                            |
| `summon_monster` | monster (a Monster card's name), elite, count, per_characters (or |
|                  | null), spawn: standees join the map, `count` of them, or with     |
|                  | per_characters the characters divided by it, rounded up; `spawn`: |
|                  | the card says Spawn (gloomhaven)                                   |
| `spawn_rank`     | ranks (each fewest, most, elite, alternate): the rank of the       |
|                  | summon's standees before it, by the number of characters; with    |
|                  | alternate, every second standee is elite (gloomhaven)              |
| `ally_bonus`     | ability (`attack`), amount: more to the attack before it while the  |
|                  | figure has an ally beside its target (gloomhaven)                   |
| `near_target`    | range: the attack before it takes an enemy within that range of |
|                  | the target of the action's attack before, one not yet attacked  |
|                  | by the action if there is one (gloomhaven)                      |
| `target_all`     | range (or null), row (`A`, or null): the ability takes every enemy |
|                  | in range, or in that row of the map (gloomhaven)                   |
| `ability_x`      | name (`heal`): its value is the X the action's `x_is_...` says      |
| `x_is_damage_dealt` | (none): X is the damage the action's attack dealt (gloomhaven)   |
| `remove_negative_conditions` | (none): the figure's own (gloomhaven)                   |

A gloomhaven `marker` is `self` (the action's abilities are the figure's own), `jump`,
`all_adjacent` (the ability takes every enemy next to the figure), `advantage` (the
attack draws two modifiers and keeps the better), `one_target` (the attack's targets are
one enemy, attacked as many times), `lost` or `round_bonus`; an Ability
card's actions are its `abilities`, labelled `top` and `bottom`, and a Monster Ability
card's action its `effects`, and what its monster does if killed in the card's round
`triggers.on_death`.  Its fields: `class`, `level` (a number,
or `X`), `initiative`, `number` (as printed), `monster` (a Monster card's name), `normal`
and `elite` ([{name, value}]: a value is a number, or a boss's by the number of characters C,
{times, divided_by, plus}, which is times x C / divided_by rounded up, plus plus, or null
for what every attack of the monster has: a negative condition given to its targets, or
`Advantage`), `immunities`.

An ose card's stat line is in `fields` as data: `armour_class` {descending, ascending},
`hit_dice` {dice (0.5 for ½), modifier, asterisks, hit_points (or null)}, `attacks`
{routines: [[{count (or null), name, damage (an Amount, or null), special (what else the
brackets say, or null)}]]} (one routine or another), `thac0` {roll, bonus}, `movement`
{speeds: [{base, encounter, mode (or null)}]} (feet), `number_appearing` {wandering, lair
(Amounts, lair or null)}, `monsters` [{count (an Amount), name (a Monster card's)}];
`morale`, `charisma`, `xp` are numbers, `alignment` a list of words (any one of them),
`where` a word, `saving_throws` and `treasure_type` text as printed.
"""

from __future__ import annotations

import json
from typing import Any, NotRequired, TypedDict

IR_VERSION = 1

Effect = dict[str, Any]


class Amount(TypedDict):
    dice: int
    sides: int
    plus: int
    times: int
    per_player: bool
    adventure: NotRequired[int]  # times the scenario's adventure deck number is added (pacg)


class CheckOption(TypedDict):
    """One option of a step of a check (a card's `check` field is its steps, each a list
    of options).  A step's label (`(Hound) Combat 10`) is not here: it names the part of
    a card of two banes the step defeats, for people, and changes no rule."""

    skills: list[str]
    difficulty: int
    adventure: int  # times the scenario's adventure deck number, added to the difficulty


class Power(TypedDict):
    cost: str
    # The moment the power is played at, from the effect that gives it its point: in an
    # encounter (`evade`, `defeat`, `reduce_damage`, `add_to_check`, `encounter`), as a
    # turn ends (`end_of_turn`), or on its holder's turn between explorations (`explore`);
    # null: none of its own.
    purpose: str | None
    # The effect that gives the power its purpose, with its data; for a power played as a
    # turn ends, {op: `at_turn_end`, turn: `yours` (its holder's turn) or `any`}; for one
    # played as any character encounters a card, {op: `on_encounter`, kinds (empty: any)}.
    spec: Effect | None
    effects: list[Effect]
    # What its holder must be for it to be played, as a conditional's (or null: always).
    condition: dict[str, Any] | None
    # The character its effects are for, a target its holder chooses (`character_at_location`,
    # `another_character`), or null: the holder.
    chosen: str | None
    # Another card of the holder's hand paid with it: {action, kinds (empty: any)}, or null.
    also: dict[str, Any] | None
    # Only when true: played only while the card is displayed, from there (`While displayed,
    # you may recharge this card to ...`).
    displayed: NotRequired[bool]
    # Only when true: played only in its holder's own turn (`During your turn, ...`).
    your_turn: NotRequired[bool]


class Ability(TypedDict):
    """A labelled group of effects: a ucg character's `Ignite:` or an Effect's `Immediate:`."""

    label: str  # the label, in lower case
    effects: list[Effect]


class Source(TypedDict):
    file: str
    line: int


class Program(TypedDict):
    ir: int
    game: str
    name: str
    ident: str  # the card's identifier in generated code, made by the compiler
    type: str
    source: Source
    fields: dict[str, Any]  # every other header field, by its name in snake case
    keywords: list[str]
    immunities: list[str]
    triggers: dict[str, list[Effect]]  # timing window -> effects, in the order written
    powers: list[Power]
    abilities: list[Ability]
    effects: list[Effect]  # what the card does or is, with no timing, label or cost
    # Only when any: the die of each skill named, by its name, for the character the card is
    # displayed beside while it is (`While displayed, your Strength die is d4`; pacg).
    displayed_dice: NotRequired[dict[str, int]]
    # Only when any: the traits that make a check against the card harder (`Resistant to
    # Attack.`) or easier (`Vulnerable to Fire.`; pacg).
    resistances: NotRequired[list[str]]
    vulnerabilities: NotRequired[list[str]]
    # Only when said: how the moves the card's powers make meet what would stop them
    # (`ignore_restrictions`, `restrictions_apply`, `no_move_checks`; pacg).
    movement: NotRequired[str]


def dumps(program: Program) -> str:
    """The program as JSON text, the same bytes for the same program."""
    return json.dumps(program, indent=2, ensure_ascii=False) + "\n"
