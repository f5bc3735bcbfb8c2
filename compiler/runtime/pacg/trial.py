"""A card tried in the runtime on its own: a bane encountered, a boon played in an encounter,
by a stock character at a stock location, under a fixed seed.  `cardwright coverage` counts a
card as one the runtime can execute when its trial raises nothing.

The stock cards are the runtime's own, not card text: a character with a middling die in
every skill (and one proficient with all, for a power that asks it), an empty location, a
blessing to fill the character's deck, and for each power, which the card holds alone, a
monster that gives it its moment: one defeated with a check of the skill an addition adds
to, or one that deals a point of damage of a kind a reduction reduces.  An addition to a
check to close a location meets a henchman that is always defeated, at a location closed
with such a check; one to a check to recharge a spell is played on the check to recharge a
stock spell, played on the check before.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from compiler.runtime.dice import Dice
from compiler.runtime.log import EventLog
from compiler.runtime.pacg.cards import CardDef, CheckOption, Power
from compiler.runtime.pacg.encounter import Encounter, end_turn_text, reset_hand, start_turn_text
from compiler.runtime.pacg.messages import MESSAGES
from compiler.runtime.pacg.policy import Policy
from compiler.runtime.pacg.state import Card, Character, Location, Table
from compiler.runtime.pacg.words import BOONS, SKILLS, singular
from compiler.runtime.script import ScenarioError, card_named


def _monster(kind: str | None, skills: tuple[str, ...] = ("Combat",),
             card_type: str = "Monster", difficulty: int = 6,
             traits: tuple[str, ...] = ()) -> CardDef:
    """A stock bane defeated with a check of any of `skills` that, with a `kind`, deals 1
    damage of that kind before the encounter."""
    def first_strike(enc: Encounter, you: Character) -> None:
        enc.damage(you, 1, kind)
    return CardDef(f"Trial {card_type}", card_type, traits=traits,
                   check=((CheckOption(skills, difficulty),),),
                   before_encounter=first_strike if kind else None)


STOCK_CHARACTER = CardDef("Trial Hero", "Character", hand=5,
                          skills=tuple((skill, 8, 1) for skill in SKILLS))
# Who holds a boon whose power adds to another character's check: proficient with all, so
# that a power only the proficient may play (`If you are proficient with weapons, you may
# discard this card to add 1d4 to a combat check at another location`) is played.
STOCK_COMPANION = CardDef("Trial Companion", "Character", hand=5,
                          skills=STOCK_CHARACTER.skills,
                          proficiencies=("Weapons", "Light Armors", "Heavy Armors"))
STOCK_LOCATION = CardDef("Trial Grounds", "Location")
STOCK_BLESSING = CardDef("Trial Blessing", "Blessing")
STOCK_MONSTER = _monster("Combat")
# A boon of each type that adds 1 to its holder's checks: played beside a boon whose text is
# done when another card of a type is played.
PARTNERS = tuple(CardDef(f"Trial {kind}", kind, powers=(Power(
    "reveal", "add_to_check", {"op": "add_to_check", "owner": "yours", "checks": [],
                               "purpose": None, "against": []},
    lambda enc, you: enc.add_to_check(1)),)) for kind in BOONS)
STOCK = (STOCK_CHARACTER, STOCK_COMPANION, STOCK_LOCATION, STOCK_BLESSING, *PARTNERS)
@dataclasses.dataclass(frozen=True)
class _Stage:
    """An encounter that gives a power its moment: the card encountered, where, a stock card
    for the hand that the moment needs, what is played on each check made before the one
    the power is played on, and what is played on that check before it."""

    encountered: CardDef
    place: CardDef = STOCK_LOCATION
    partner: CardDef | None = None
    plays_before: tuple[tuple[str, ...], ...] = ()
    played_with: tuple[str, ...] = ()


def _stage_for(spec: Mapping[str, Any]) -> _Stage:
    """The encounter that gives a power its moment.  A reduction meets a monster that deals
    damage of a kind it reduces; an addition meets a card of the type its checks are against
    (a boon to acquire, a bane to defeat), with the first trait it asks the card for, and a
    check its kind of check fits: `Ranged combat` is a combat check that may be made with
    Ranged.  An addition to a check to close
    or to recharge meets such a check after the check to defeat (the module's docstring)."""
    if spec.get("op") == "reduce_damage":
        return _Stage(_monster(next(iter(spec["kinds"]), "Combat")))
    words = next(iter(spec.get("checks") or ()), "").casefold().replace(
        "non-combat", "noncombat").split()
    skills = tuple(name for name in SKILLS if name.casefold() in words)
    if "combat" in words or not skills:
        skills = ("Combat", *skills) if "noncombat" not in words else skills or ("Strength",)
    against = next(iter(spec.get("against") or ()), None)
    traits = tuple(spec.get("against_traits") or ())[:1]
    purpose = spec.get("purpose")
    if purpose == "acquire":
        return _Stage(CardDef("Trial Boon", singular(against or "item").title(), traits=traits,
                              check=((CheckOption(skills, 6),),)))
    if purpose == "close":
        return _Stage(_monster(None, card_type="Henchman", difficulty=0),
                      CardDef("Trial Keep", "Location", check=((CheckOption(skills, 6),),)),
                      plays_before=((),))
    if purpose == "recharge":
        spent = _spell_to_recharge(skills if words else ("Arcane",),
                                   singular(against or "spell").title(), traits)
        return _Stage(_monster(None), partner=spent, plays_before=((spent.name,),))
    return _Stage(_monster(None, skills, singular(against or "monster").title(),
                           traits=traits))


def _played_alongside(stage: _Stage, spec: Mapping[str, Any]) -> _Stage:
    """A power for a check `using a weapon` is played after a stock card of that type."""
    using = {singular(kind) for kind in spec.get("using") or ()}
    partner = next((card for card in PARTNERS if singular(card.type) in using), None)
    if partner is None:
        return stage
    return dataclasses.replace(stage, partner=partner, played_with=(partner.name,))


def _spell_to_recharge(skills: tuple[str, ...], card_type: str,
                       traits: tuple[str, ...] = ()) -> CardDef:
    """A stock boon that adds 1 to a combat check and is then recharged with a check of
    `skills`, rather than discarded."""
    def recharge(enc: Encounter, you: Character) -> None:
        enc.instead_of_discard(you, "recharge", "discard", (CheckOption(skills, 6),))
    return CardDef(f"Trial {card_type} to Recharge", card_type, traits=traits, powers=(Power(
        "discard", "add_to_check", {"op": "add_to_check", "owner": "yours", "checks": [],
                                    "purpose": None, "against": []},
        lambda enc, you: enc.add_to_check(1)),), after_playing=recharge)


# How a boon's power is put to the test, by its purpose: what the script says to play.
_SCRIPTS: dict[str | None, Callable[[str, _Stage], dict]] = {
    "evade": lambda name, stage: {"evade": [name]},
    "add_to_check": lambda name, stage: {"check": [*map(list, stage.plays_before),
                                                   [*stage.played_with, name]]},
    "reduce_damage": lambda name, stage: {"reduce": [[name]]},
    "encounter": lambda name, stage: {},  # played as the card is encountered, by default
    "end_of_turn": lambda name, stage: {},  # played as the turn ends (trial: _encounter)
}


@dataclass(frozen=True)
class _Setting:
    """What every table of a trial shares: the cards, the seed, and the log they play into."""

    cards: Mapping[str, CardDef]
    seed: int
    log: EventLog


def trial(cards: Mapping[str, CardDef], name: str, seed: int = 1, log: bool = False
          ) -> EventLog:
    """Encounter the bane `name`, play each power of the boon `name` in an encounter that
    gives it its moment, the card holding that power alone (and then the turn's end, for
    text done then), or play an encounter
    as the character or at the location `name`; raise whatever the runtime raises, or give
    the log of it all (kept if `log`).  A boon's text done when its holder resets the hand,
    or when another card is played, is tried too.  A card set out beside a character (a
    Scourge, a Token) is displayed beside one for an encounter."""
    setting = _Setting(cards, seed, EventLog(MESSAGES, enabled=log))
    _try(setting, card_named(cards, name))
    return setting.log


def _try(setting: _Setting, card: CardDef) -> None:
    if card.is_bane:
        _encounter(setting, card)
    elif card.is_boon:
        if card.when_reset is not None:  # `... when you reset your hand`, with it in hand
            table, hero, _ = _table(setting, None, boon=card)
            reset_hand(table, hero)
        if card.when_playing_another is not None:  # held while a card of each type is played
            for partner in PARTNERS:
                _encounter(setting, STOCK_MONSTER, {"check": [[partner.name]]}, boon=card,
                           partner=partner)
        if card.while_displayed is not None:  # `While displayed, ...`: beside the hero
            _encounter(setting, STOCK_MONSTER, boon=card, displayed=True)
        if card.start_of_your_turn is not None:  # `At the start of your turn, ...`
            table, hero, _ = _table(setting, None, boon=card)
            _display(hero, hero.hand[0])
            start_turn_text(table, hero)
        for power in card.powers:
            # Each power is tried with the card holding it alone: another, played first
            # (`Display this card.`, as any card is encountered), would take the card from
            # where this one is played.
            alone = dataclasses.replace(card, powers=(power,))
            stage = _played_alongside(_stage_for(power.effect or {}), power.effect or {})
            script = _SCRIPTS.get(power.purpose)
            partner = stage.partner or _partner_for(power)
            apart = (power.effect or {}).get("owner")
            holder = _holder_for(power, apart)
            if script is not None:
                table = _encounter(setting, stage.encountered, script(card.name, stage),
                                   boon=alone, hero=holder, place=stage.place,
                                   partner=partner, apart=apart, displayed=power.displayed)
                end_turn_text(table, table.characters[0])  # `... at the end of this turn`
            else:  # no moment in an encounter (none, or exploring again): used as one begins
                table, hero, location = _table(setting, None, boon=alone, hero=holder)
                played = hero.hand[0]
                if power.displayed:
                    _display(hero, played)
                if partner is not None:
                    hero.hand.append(Card(partner))
                Encounter(table, hero, Card(stage.encountered), location).use_power(
                    hero, played, power)
    elif card.type == "Character":
        _encounter(setting, STOCK_MONSTER, hero=card)
    elif card.type == "Location":
        _encounter(setting, STOCK_MONSTER, place=card)
    elif card.is_displayed:
        _displayed(setting, card)
    else:
        raise ScenarioError(f"no trial for a {card.type}")


def _displayed(setting: _Setting, card: CardDef) -> None:
    """Display `card` beside the stock character and encounter the stock monster, in which
    its standing text holds.  The runtime does only a displayed card's standing text: text
    of another window would not be done, and the trial says so."""
    undone = [item.name for item in dataclasses.fields(CardDef)
              if item.name != "always" and callable(getattr(card, item.name))]
    if undone or card.powers:
        what = f"text of the window {undone[0]!r}" if undone else "powers"
        raise ScenarioError(f"a displayed {card.type}'s {what} are not played yet: the "
                            "runtime does only its standing text")
    table, character, location = _table(setting, None, None)
    character.displayed.append(Card(card))
    Encounter(table, character, Card(STOCK_MONSTER), location).run()


def _holder_for(power: Power, apart: str | None) -> CardDef:
    """The stock character who encounters the card with the boon in hand: one proficient
    with all when the power asks its player to be (`If you are proficient with light armors,
    you may bury this card ...`), unless a companion holds the boon (`apart`, _encounter),
    who is."""
    asks = power.condition is not None and power.condition[0] == "proficient"
    return STOCK_COMPANION if asks and apart not in ("others", "elsewhere") else STOCK_CHARACTER


def _partner_for(power: Power) -> CardDef | None:
    """A stock card a power's further cost may be paid with (`and discard a spell`), when it
    names a type the stock blessings are not."""
    kinds = {singular(kind) for kind in power.also[1]} if power.also else set()
    if not kinds or singular(STOCK_BLESSING.type) in kinds:
        return None
    return next((partner for partner in PARTNERS if singular(partner.type) in kinds), None)


def _encounter(setting: _Setting, bane: CardDef, script: dict | None = None,
               boon: CardDef | None = None, hero: CardDef = STOCK_CHARACTER,
               place: CardDef = STOCK_LOCATION, partner: CardDef | None = None,
               apart: str | None = None, displayed: bool = False) -> Table:
    """Encounter `bane` with `boon` in hand, or, for a power that adds to another's check
    (`apart`: 'others', 'elsewhere'), in the hand of a companion beside the one encountering
    or at another location; `displayed`, displayed beside its holder instead; the table
    afterwards."""
    table, character, location = _table(setting, script, boon, hero, place)
    holder = character
    held = next((card for card in character.hand if card.defn is boon), None)
    if held is not None and apart in ("others", "elsewhere"):
        where = location if apart == "others" else Location(STOCK_LOCATION)
        if where is not location:
            table.locations.append(where)
        holder = Character(STOCK_COMPANION, where)
        table.characters.append(holder)
        character.hand.remove(held)
        holder.hand.append(held)
    if held is not None and displayed:
        _display(holder, held)
    if partner is not None:
        holder.hand.insert(0, Card(partner))
    Encounter(table, character, Card(bane), location).run()
    return table


def _display(holder: Character, card: Card) -> None:
    """Display a card of `holder`'s hand beside it."""
    holder.hand.remove(card)
    holder.displayed.append(card)


def _table(setting: _Setting, script: dict | None, boon: CardDef | None,
           hero: CardDef = STOCK_CHARACTER, place: CardDef = STOCK_LOCATION
           ) -> tuple[Table, Character, Location]:
    pool = {**setting.cards, **{stock.name: stock for stock in STOCK}}
    table = Table(pool, Dice(setting.seed), setting.log, Policy(script))
    location = Location(place)
    table.locations.append(location)
    character = Character(hero, location)
    character.deck = [Card(STOCK_BLESSING) for _ in range(10)]
    character.hand = [Card(boon)] if boon is not None else []
    table.characters.append(character)
    table.turn_character = character
    table.draw(character, max(0, character.hand_size - len(character.hand)))
    return table, character, location
