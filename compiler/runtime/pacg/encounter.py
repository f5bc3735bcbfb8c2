"""The pacg encounter sequence (seeds/pacg-encounter-sequence.txt).  What generated card code
calls while it runs is the other half of an Encounter, in compiler.runtime.pacg.operations.

An Encounter plays one card from its reveal to where the card goes at the end:
evade, the villain's temporary closing, before the encounter, the checks,
the resolution (closing, escaping, banishing, acquiring), the outcome windows
and after the encounter.  A summoned card gets an Encounter of its own, played
whole inside the step that summoned it.  Rulings on what the seed leaves open
are in docs/rulings.md; the comments below name them.
"""

from __future__ import annotations

from collections.abc import Callable

from compiler.runtime.pacg.cards import (
    CardDef,
    CheckOption,
    Power,
    of_kinds,
    selects,
    ways_of,
)
from compiler.runtime.pacg.checks import skill_for, trait_difficulty
from compiler.runtime.pacg.operations import (
    CardOperations,
    CheckResult,
    CheckState,
    DamageState,
    Play,
)
from compiler.runtime.pacg.state import Card, Character, Location, Table
from compiler.runtime.pacg.words import singular
from compiler.runtime.script import ScenarioError

# What an exploration a power grants finds rather than adds (Encounter._exploration_finds).
EXPLORATION_FINDS = ("banish_encountered", "recharge_if_found")
# Where a bane displays itself beside the character encountering it, whose displayed cards'
# text holds in that character's encounters and turns.
BESIDE_YOU = ("your character card", "your character", "your deck", "you")
WINDOW_WORDS = {
    "when_encountered": "when encountered",
    "when_examined": "when examined",
    "before_encounter": "before the encounter",
    "if_defeated": "if defeated",
    "if_undefeated": "if undefeated",
    "after_encounter": "after the encounter",
    "always": "the card's standing text",
    "displayed": "the standing text of a card displayed beside the character",
    "during_check": "the check to defeat",
    "defeat_checks": "the checks to defeat",
    "before_any_play": "before a card is played",
    "before_another_plays": "before another character plays a card",
    "would_be_defeated": "if the check to defeat would succeed",
    "if_acquired": "if acquired",
    "if_not_acquired": "if not acquired",
}


class Encounter(CardOperations):
    def __init__(self, table: Table, character: Character, card: Card, location: Location,
                 summoned: bool = False, depth: int = 0, alongside: bool = False,
                 summoning: frozenset[str] = frozenset()) -> None:
        """`alongside`: the encounter of a card another character is encountering, which
        stays with that one's (encountered_by_each); `summoning`: the cards summoned into
        the encounters this one is within, or into this one."""
        super().__init__()
        self.table = table
        self.log = table.log
        self.character = character
        self.card = card
        self.location = location
        self.summoned = summoned
        self.alongside = alongside
        self.depth = depth
        self.summoning = summoning
        self.check: CheckState | None = None
        self.damage_state: DamageState | None = None
        self.evaded = False
        self.place = "shuffle"  # where the card goes at the end, by the rules
        self.place_by_text: str | None = None  # where the card's own text sends it
        self.escape_to: Location | None = None
        self.playing: Play | None = None  # the power being played, while it is
        self.last_success: bool | None = None  # the outcome of the last check made
        self.last_traits: set[str] = set()  # the traits the last check made had
        self.defeated: bool | None = None  # the encountered bane's, once its checks are made
        self.defeat_check: CheckState | None = None  # the last check to defeat or acquire it

    # =====================================================================
    # The sequence
    # =====================================================================

    def run(self) -> None:
        defn = self.card.defn
        origin = "summoned from the box" if self.summoned else \
            "alongside another character" if self.alongside else f"from {self.location.name}"
        self.log.emit("encounter", character=self.character.name, card=defn.name,
                      type=defn.type, origin=origin)
        self.under_way = True
        with self.log.nested():
            if not self._exploration_finds():
                self._sequence()
            if not self.table.over and not self.alongside:
                self._put_away()

    def _exploration_finds(self) -> bool:
        """`If you encounter a boon, banish it`, said of the exploration under way: such a
        card is banished at once, with no encounter (a ruling), and True says so; `If you
        encounter an armor, recharge this card instead`: the card played for the exploration
        goes from its holder's discard pile to the bottom of the deck, and the encounter
        goes on."""
        if not self.table.exploring or self.summoned or self.alongside:
            return False
        found = [spec for name, spec in self.table.exploring
                 if name == self.character.name and spec["op"] in EXPLORATION_FINDS
                 and of_kinds(self.card.defn, spec["kinds"])]
        for spec in found:
            play = spec.get("played")
            if play is not None and play.card in play.holder.discards:
                self.table.move(play.holder, play.card, "recharge")
                self.log.emit("moved", character=play.holder.name, card=play.card.name,
                              to="recharge")
        if not any(spec["op"] == "banish_encountered" for spec in found):
            return False
        self.place = "banish"
        self.log.emit("banished_unencountered", character=self.character.name,
                      card=self.card.name)
        return True

    def _sequence(self) -> None:
        defn = self.card.defn
        self._powers_on_encounter()
        self._displayed_text()
        if self._stopped():
            return
        if defn.is_bane:
            self._window("always")
            if self._stopped():
                return
        self._window("when_encountered")
        if self._stopped() or self.evaded:
            return
        if self._evade_step():
            return
        if defn.type == "Villain" and not self.summoned:
            self._temporary_closing()
        self._window("before_encounter")
        if self._stopped() or self.evaded:  # `Before you act, ... or the Ghost is evaded`
            return
        result = self._defeat_or_acquire()
        if self._stopped():
            return
        if defn.is_bane:
            self._resolve_bane(result)
        else:
            self._resolve_boon(result)
        if self._stopped():
            return
        self._window("after_encounter")

    def examined(self, deck: list[Card]) -> None:
        """This card, in `deck`, was just examined: its `When you examine this card` text is
        done, and if it says to, the character encounters it, taking it from the deck; if it
        says where the card goes (`put it back on the bottom of the deck it came from`), it
        goes there from its location's deck."""
        self.encounter_now = False
        with self.log.nested():
            self._window("when_examined")
        if self._stopped() or self.card not in deck:
            return
        if self.encounter_now:
            deck.remove(self.card)
            self.run()
        elif self.place_by_text is not None:
            if deck is not self.location.deck:
                raise ScenarioError(f"{self.card.name} moves itself when examined in a deck "
                                    "not its location's, which the runtime does not model")
            deck.remove(self.card)
            where = self._place_in_location(self.place_by_text)
            self.log.emit("put_away", card=self.card.name, where=where)

    def _stopped(self) -> bool:
        return self.table.over or not self.character.alive

    def _displayed_text(self) -> None:
        """The standing text of each card displayed beside the character encountering the
        card holds in the encounter: a Scourge, Supporter or Token's text, and a boon's
        `While displayed` text.  It is done as the encounter begins, with that character as
        `you` (docs/rulings.md)."""
        for card in list(self.character.displayed):
            defn = card.defn
            for run in (defn.always if defn.is_displayed else None, defn.while_displayed):
                if run is not None and card in self.character.displayed:
                    self.log.emit("window", window=WINDOW_WORDS["displayed"], card=card.name)
                    run(self, self.character)

    def _powers_on_encounter(self) -> None:
        """Powers played as a card of their kind is encountered by any character (`Display
        this card when a character encounters a bane`): any character's that holds one may
        play it, if the player wants to (Policy.may)."""
        if "encounter" not in self.table.power_purposes:
            return
        for holder in self.table.living():
            for card, power in holder.powers_for("encounter"):
                if holder.still_has(card, power) \
                        and of_kinds(self.card.defn, tuple(power.effect["kinds"])) \
                        and self.may_play(holder, card, power) \
                        and self.may(holder, f"play {card.name}"):
                    self._play(Play(holder, card, power), "as the card is encountered")

    def _window(self, window: str, you: Character | None = None) -> None:
        """The encountered card's text of `window`, with `you` (by default, the character
        encountering it) as `you`."""
        run = getattr(self.card.defn, window)
        if run is not None and window not in self.ignored_windows:
            self.log.emit("window", window=WINDOW_WORDS[window], card=self.card.name)
            outer = self.moment
            self.table.moments += 1
            self.moment = self.table.moments
            try:
                run(self, you or self.character)
            finally:
                self.moment = outer

    # -- 1. evade -------------------------------------------------------------

    def _evade_step(self) -> bool:
        """Only the encountering character may evade with its own cards; another character's
        card may let it evade only if that card says so."""
        candidates = self._candidates("evade")
        if not candidates:
            return False
        if not self.evadable:
            self.log.emit("cannot_evade", card=self.card.name)
            return False
        choice = self.table.policy.evade(self, candidates)
        if choice is None:
            return False
        if choice.blocked:
            self._refuse(choice, choice.blocked)
            return False
        self._play(choice, "to evade")
        return self.evaded

    def _candidates(self, purpose: str) -> list[Play]:
        """The plays that could evade (or defeat) the encountered card."""
        plays = []
        adventure = self.table.adventure_deck
        for holder in self.table.characters_at(self.location):
            for card, power in holder.powers_for(purpose):
                spec = power.effect
                if not selects(spec, self.card.defn, adventure) \
                        or not self.may_play(holder, card, power):
                    continue
                if (holder is self.character) != (spec["who"] is None):
                    continue
                plays.append(Play(holder, card, power, self._immunity(card)
                                  or self._forbidden(holder, card)
                                  or self._own_text(holder, card)))
        return plays

    # -- 2. a villain: temporary closing --------------------------------------

    def _temporary_closing(self) -> None:
        """Each character at another open location may try once to close it for now; one
        success a location is enough."""
        for location in self.table.locations:
            if location is self.location or not location.is_open \
                    or location.name in self.not_closable:
                continue
            for character in self.table.characters_at(location):
                if not self.table.policy.temporary_close(self, character, location):
                    continue
                self.log.emit("close_attempt", character=character.name,
                              location=location.name, how="temporarily")
                if self._close_check(character, location):
                    location.temporarily_closed = True
                    self.log.emit("temporarily_closed", location=location.name)
                    break

    def _close_check(self, character: Character, location: Location) -> bool:
        """The location's own check closes it; a location with none closes at once."""
        with self.log.nested():
            for options in location.defn.check:
                if not self._attempt(character, options, location.defn,
                                     f"to close {location.name}", purpose="close").success:
                    return False
            return True

    # -- 3. the check ---------------------------------------------------------

    def _defeat_step(self) -> bool:
        """A card that defeats the bane (`Bury this card to defeat a barrier`) may be played
        instead of attempting the check to defeat it, by the character who encounters it."""
        candidates = self._candidates("defeat")
        choice = self.table.policy.defeat(self, candidates) if candidates else None
        if choice is None:
            return False
        if choice.blocked:
            self._refuse(choice, choice.blocked)
            return False
        self._play(choice, "to defeat")
        return self.defeated_by_card

    def _defeat_or_acquire(self) -> bool:
        defn = self.card.defn
        if self.unless_won:
            self.settle_by_summoned()
        if self.settled is not None:
            return self.settled
        if defn.is_bane and self._defeat_step():
            return True
        if self._stopped():
            return False
        if defn.defeat_checks is not None:  # `Each character attempts the check to defeat.`
            self._window("defeat_checks")
            return bool(self.settled)
        purpose = "to defeat" if defn.is_bane else "to acquire"
        for options in defn.check:
            result = self._attempt(self.character, options, defn, f"{purpose} {defn.name}",
                                   self.defeat_change, "defeat" if defn.is_bane else "acquire")
            if not result.success:
                if defn.is_bane and defn.type != "Barrier" and self.deals_damage:
                    # A ruling: failing to defeat a bane other than a barrier deals Combat
                    # damage equal to the shortfall, as in the printed game.
                    self.failure_damage = True
                    try:
                        self.damage(self.character, result.difficulty - result.total, "Combat")
                    finally:
                        self.failure_damage = False
                return False
        return True

    def _attempt(self, character: Character, options: tuple[CheckOption, ...],
                 against: CardDef | None, why: str, change: int = 0,
                 purpose: str | None = None) -> CheckResult:
        """One check: choose an option and skill, play cards onto it, roll.  `why` is for the
        log; `purpose` is what cards that add only to some checks ask about."""
        option = self.table.policy.check_option(self, character, options)
        skill = skill_for(character, option)
        turn = self.table.turn_difficulty
        change += option.adventure * self.table.adventure_deck \
            + turn.get(character.name, 0) + turn.get(None, 0)
        outer, self.check = self.check, CheckState(character, option, skill, change=change,
                                                   purpose=purpose, against=against)
        try:
            state = self.check
            candidates = self.check_candidates(state, against)
            for play in self.table.policy.check_plays(self, state, candidates):
                # What cards played before it forbade, and its own text, are asked again.
                blocked = play.blocked or self._forbidden(play.holder, play.card) \
                    or self._own_text(play.holder, play.card)
                if blocked:
                    self._refuse(play, blocked)
                elif not self._used_with(play, state):
                    self._refuse(play, "no card of the type it asks was played on this check")
                elif play.card.defn.type in state.types_played:
                    self._refuse(play, f"a {play.card.defn.type} was already played on this check")
                elif play.holder.still_has(play.card, play.power):
                    state.types_played.add(play.card.defn.type)
                    state.traits.update(play.card.defn.traits)
                    state.plays.append(play)
                    self._play(play, "on the check")
                    self._held_text_on_playing(play.holder)
            if against is self.card.defn and purpose == "defeat":
                self._during_check(state)
            self._later_additions(state)
            if against is not None and (against.resistances or against.vulnerabilities):
                state.change += trait_difficulty(against, state.traits)
            # The skill's die, which a card played may have made a better one (or none).
            state.face = self.table.dice.roll(state.skill.sides) if state.skill.sides else 0
            if state.forced is None:
                self._as_the_check_would_go(state)
            skill, success = state.skill, state.succeeds
            self.log.emit("check", character=character.name, purpose=why, skill=skill.name,
                          sides=skill.sides, bonus=skill.bonus, roll=state.roll,
                          added=state.added, total=state.total, difficulty=state.difficulty,
                          result="success" if success else "failure")
            self.last_success, self.last_traits = success, set(state.traits)
            if against is self.card.defn and purpose in ("defeat", "acquire"):
                self.defeat_check = state
                if purpose == "defeat" and not success and self.played_fates:
                    for play in state.plays:
                        self._fate_of_played(play, failed_defeat=True)
            return CheckResult(success, state.total, state.difficulty)
        finally:
            self.check = outer

    def _during_check(self, state: CheckState) -> None:
        """The bane's text about the check to defeat it (`On your Strength check to defeat,
        the difficulty is increased by 4`), done on each such check: what it does to the
        difficulty to defeat is done to this check, not to the checks after it too (the
        text is done again on each)."""
        before = self.defeat_change
        self._window("during_check")
        state.change += self.defeat_change - before
        self.defeat_change = before

    def _later_additions(self, state: CheckState) -> None:
        """What card text played before adds to the checks that fit it: those of the
        exploration under way (`your` checks: those of the character it is for), those of
        this encounter by displayed cards, and those of the rest of the turn."""
        if not (self.table.exploring or self.standing or self.table.turn_additions):
            return
        turn = [(None, spec) for spec in self.table.turn_additions]
        for name, spec in [*self.table.exploring, *self.standing, *turn]:
            if spec["op"] in EXPLORATION_FINDS:  # not an addition (_exploration_finds)
                continue
            if any((way.owner != "yours" or state.character.name == name)
                   and way.fits(state.option, state.skill.name, state.purpose, state.against)
                   for way in ways_of(spec)):
                amount = spec["amount"]
                self.add_to_check(self.roll(amount["dice"], amount["sides"], amount["plus"])
                                  * amount["times"], tuple(spec.get("traits", ())))

    def _as_the_check_would_go(self, state: CheckState) -> None:
        """The text of the cards played on the check about how it would go, its dice rolled
        (`If you would fail the check, reroll the dice`), each card's once, in the order they
        were played; each asks how the check goes as it stands then."""
        for play in state.plays:
            window = "would_succeed" if state.succeeds else "would_fail"
            run = getattr(play.card.defn, window)
            if run is not None:
                self.run_held(play.holder, play.card, run)
        for card in list(state.character.hand):  # `If you would fail a check by 1, ...`
            run = card.defn.would_fail_by
            if run is not None and not state.succeeds and card in state.character.hand:
                self.run_held(state.character, card, run)
        # The bane's own, last: `If the Karkinoi would be defeated, reroll the dice.`
        if state.against is self.card.defn and state.purpose == "defeat" and state.succeeds:
            self._window("would_be_defeated")

    def check_candidates(self, state: CheckState, against: CardDef | None) -> list[Play]:
        """Cards that add to this check: the checking character's own, those of others at
        its location whose text adds to any check, and those of characters elsewhere whose
        text adds to a check at another location.  Immunity bars only cards played against
        the encountered bane (a ruling)."""
        plays = []
        here = state.character.location
        option, skill_name, purpose = state.option, state.skill.name, state.purpose
        for holder in self.table.living():
            # The owners of the checks the holder's cards may add to: its own, or another's.
            owners = ("yours", "any") if holder is state.character else \
                ("any", "others") if holder.location is here else ("elsewhere",)
            for card, power in holder.powers_for("add_to_check"):
                for way in power.check_ways:
                    if way.owner in owners \
                            and way.fits(option, skill_name, purpose, state.against):
                        break
                else:
                    continue
                if not self.may_play(holder, card, power):
                    continue
                blocked = self._immunity(card) if against is not None else None
                plays.append(Play(holder, card, power, blocked
                                  or self._forbidden(holder, card)
                                  or self._own_text(holder, card)))
        return plays

    # -- 4. resolve -----------------------------------------------------------

    def _resolve_bane(self, defeated: bool) -> None:
        defn = self.card.defn
        self.defeated = defeated
        if not defeated:
            self.log.emit("undefeated", card=defn.name)
            self.place = "shuffle"
            self._window("if_undefeated")
            return
        self.log.emit("defeated", card=defn.name)
        self.place = "banish"
        if not self.summoned and defn.type == "Villain":
            self._villain_defeated()
            if self.table.over:
                return
        elif not self.summoned and defn.type == "Henchman" and self.offers_closing:
            self._offer_close(self.character, self.location)
        self._window("if_defeated")

    def _villain_defeated(self) -> None:
        """The villain's location closes with no choice; the villain then escapes to an open
        location (one the dice pick, a ruling), and if none is open the scenario is won."""
        self.table.close(self.location, f"{self.card.name} was defeated there")
        havens = [place for place in self.table.locations
                  if place is not self.location and place.is_open]
        if not havens:
            self.log.emit("cannot_escape", card=self.card.name)
            self.table.end("won", f"{self.card.name} was defeated and could not escape")
            return
        self.escape_to = self.table.dice.choice(havens)
        self.log.emit("escapes", card=self.card.name, location=self.escape_to.name)

    def _offer_close(self, character: Character, location: Location) -> None:
        if location.closed or not self.table.can_close(location):
            return
        if not self.table.policy.attempt_close(self, character, location):
            return
        self.log.emit("close_attempt", character=character.name, location=location.name,
                      how="for good")
        if self._close_check(character, location):
            self.table.close(location, f"{character.name} closed it")

    def _resolve_boon(self, acquired: bool) -> None:
        self.log.emit("acquired" if acquired else "not_acquired", character=self.character.name,
                      card=self.card.name)
        self.place = "hand" if acquired else "banish"
        self._window("if_acquired" if acquired else "if_not_acquired")

    def _put_away(self) -> None:
        """Where the card goes at the end.  A summoned card goes back to the box and an
        evaded card back into its location deck, whatever any card says; an escaping
        villain goes to its haven; otherwise the card's own text may choose."""
        if self.summoned:
            where = "returned to the box"
        elif self.escape_to is not None:
            self.table.shuffle_into(self.card, self.escape_to)
            where = f"shuffled into {self.escape_to.name}'s deck"
        elif self.place == "hand":
            self.character.hand.append(self.card)
            where = f"added to {self.character.name}'s hand"
        else:
            place = self.place if self.evaded else (self.place_by_text or self.place)
            where = self._place_in_location(place)
        self.log.emit("put_away", card=self.card.name, where=where)

    def _place_in_location(self, place: str) -> str:
        deck = self.location.deck
        if place in ("shuffle", "your_location", "random_open", "random_other_open"):
            location = self._shuffled_into(place)
            self.table.shuffle_into(self.card, location)
            return f"shuffled into {location.name}'s deck"
        if place == "top":
            deck.insert(0, self.card)
            return f"put on top of {self.location.name}'s deck"
        if place == "bottom":
            deck.append(self.card)
            return f"put at the bottom of {self.location.name}'s deck"
        if place == "under_top":
            deck.insert(min(1, len(deck)), self.card)
            return f"put under the top card of {self.location.name}'s deck"
        if place == "display":
            if self.beside in BESIDE_YOU:  # `next to your character card`
                self.character.displayed.append(self.card)
                return f"displayed next to {self.character.name}"
            self.table.displayed.append(self.card)
            return f"displayed next to {self.beside or 'the scenario'}"
        return "banished to the box"

    def _shuffled_into(self, place: str) -> Location:
        """The location whose deck a card shuffled away goes into: its own, or one the dice
        pick among the open ones (other than its own, for `random_other_open`); with none
        to pick, its own (a ruling); or the one the character is at now (`your_location`),
        which is another after the character moved."""
        if place == "shuffle":
            return self.location
        if place == "your_location":
            return self.character.location
        open_ones = [location for location in self.table.locations if location.is_open
                     and not (place == "random_other_open" and location is self.location)]
        return self.table.dice.choice(open_ones) if open_ones else self.location

    # -- playing cards ----------------------------------------------------------

    def _play(self, play: Play, why: str) -> None:
        """Pay, then do the power; then the card's `After playing this card` window and its
        sentences with no timing, which a boon does each time it is played (a ruling)."""
        self._before_playing(play)
        self.table.pay(play.holder, play.card, play.power.cost)
        self.log.emit("play", character=play.holder.name, card=play.card.name,
                      cost=play.power.cost, why=why)
        if play.power.also is not None:
            self._pay_further_card(play, *play.power.also)
        outer, self.playing = self.playing, play
        try:
            with self.log.nested():
                play.power.run(self, play.holder)
                for window in ("after_playing", "always"):
                    run = getattr(play.card.defn, window)
                    if run is not None and not self._stopped():
                        run(self, play.holder)
        finally:
            self.playing = outer
        if self.played_fates:
            self._fate_of_played(play)

    def _fate_of_played(self, play: Play, failed_defeat: bool = False) -> None:
        """Where the encountered card's text sends a card played in this encounter (`If you
        play a boon that has the Divine trait, banish it`), from wherever its play put it;
        one its play banished is in the box, which keeps it (a ruling).  `failed_defeat`:
        the rules for cards played on the check to defeat, as it has just failed."""
        holder, card = play.holder, play.card
        rule = next((rule for rule in self.played_fates
                     if rule["failed_defeat"] == failed_defeat and rule["who"] == holder.name
                     and selects(rule, card.defn)), None)
        if rule is None or holder.pile_of(card) is None:
            return
        self.table.move(holder, card, rule["action"])
        self.log.emit("moved", character=holder.name, card=card.name, to=rule["action"])

    def _pay_further_card(self, play: Play, action: str, kinds: tuple[str, ...]) -> None:
        """`and discard a spell`: another card of the holder's hand, of the player's choice
        (a play the policy offers always has one: may_play)."""
        payable = self.also_payable(play.holder, play.card, kinds)
        if not payable:
            raise ScenarioError(f"{play.holder.name} has no other card to pay for "
                                f"{play.card.name} with")
        (paid,) = self.table.policy.discards(self, play.holder, 1, payable)
        self.table.move(play.holder, paid, action)
        self.log.emit("paid", character=play.holder.name, card=paid.name, cost=action)

    def _before_playing(self, play: Play) -> None:
        """The encountered card's text done before a character plays a card (`While you act,
        before any character plays a card, that character discards a card`), with that
        character as `you`; not for the cards that text itself has played."""
        if self.about_to_play is not None:
            return
        windows = ["before_any_play"]
        if play.holder is not self.character:
            windows.append("before_another_plays")
        self.about_to_play = play.card
        try:
            for window in windows:
                self._window(window, play.holder)
        finally:
            self.about_to_play = None

    def run_held(self, holder: Character, card: Card, run: Callable[..., None]) -> None:
        """Run text of a card `holder` holds (`... when you reset your hand`), with the card
        as `this card`."""
        outer, self.playing = self.playing, Play(holder, card, None)
        try:
            run(self, holder)
        finally:
            self.playing = outer

    def _held_text_on_playing(self, holder: Character) -> None:
        """`When playing another weapon, ...`: the text of the cards `holder` still holds,
        done after each card the holder plays on a check."""
        for card in list(holder.hand):
            run = card.defn.when_playing_another
            if run is not None and card in holder.hand:
                self.run_held(holder, card, run)

    def use_power(self, holder: Character, card: Card, power: Power) -> None:
        """Play a power that has no moment of its own in the encounter (`Discard this card to
        explore your location`), as its holder decides to."""
        self._play(Play(holder, card, power), "for its own sake")

    @staticmethod
    def _used_with(play: Play, state: CheckState) -> bool:
        """Whether a card played `using a weapon` comes after a card of that type on the
        check."""
        using = {singular(kind) for kind in (play.power.effect or {}).get("using") or ()} \
            if play.power is not None else set()
        return not using or any(singular(kind) in using for kind in state.types_played)

    def _refuse(self, play: Play, reason: str) -> None:
        self.log.emit("refused", character=play.holder.name, card=play.card.name, reason=reason)

    def _own_text(self, holder: Character, card: Card) -> str | None:
        """Why the card's own text forbids playing it now (`If you played a weapon with the
        2-Handed trait on this check, you may not play this card`), if it does."""
        run = card.defn.before_playing
        if run is None:
            return None
        self.forbids_self = False
        self.run_held(holder, card, run)
        return "its own text forbids playing it now" if self.forbids_self else None

    def _forbidden(self, holder: Character, card: Card) -> str | None:
        """Why card text forbids `holder` to play `card` in this encounter, if it does."""
        if not (self.forbidden or self.table.turn_forbidden):  # nearly always
            return None
        for rule in (*self.forbidden, *self.table.turn_forbidden):
            if rule["who"] == holder.name and rule["check"] in (None, self.check) \
                    and selects(rule, card.defn):
                return f"{rule['by']} forbids playing it"
        return None

    def _reset_hand(self, who: Character) -> None:
        reset_hand(self.table, who)

    def _immunity(self, card: Card) -> str | None:
        """Why `card` cannot be played against the encountered card, if it cannot."""
        immunities = self.card.defn.immunities
        if not immunities:  # most cards' (asked of every card that could be played)
            return None
        barred = sorted(immunities.intersection(card.defn.traits))
        if barred:
            return f"{self.card.name} is immune to {' and '.join(barred)}"
        return None

def end_turn_text(table: Table, turn_character: Character) -> None:
    """What is done at the end of the turn: the powers the characters may play then, if the
    player wants to (`At the end of your turn, reveal this card to ...`, the turn
    character's; `At the end of the turn, discard this card to ...`, anyone's), the turn
    character first, and the text of displayed cards (`Discard this card at the end of this
    turn`), each with the character it is displayed beside as `you`.  An Encounter is the
    context card code runs in, here with the card as its card."""
    turn_end = "end_of_turn" in table.power_purposes
    others = [other for other in table.living() if other is not turn_character]
    for holder in [turn_character, *others] if turn_end else ():
        for card, power in holder.powers_for("end_of_turn"):
            if (holder is not turn_character and power.effect["turn"] != "any") \
                    or not holder.still_has(card, power):
                continue
            encounter = Encounter(table, holder, card, holder.location)
            if encounter.may_play(holder, card, power) \
                    and encounter._own_text(holder, card) is None \
                    and encounter.may(holder, f"play {card.name}"):
                encounter.use_power(holder, card, power)
    for character in table.living():
        _displayed_window(table, character, "end_of_turn")


def explore_again(table: Table, character: Character) -> bool:
    """With no exploration left, a power of the character's hand that explores again (`Discard
    this card to explore your location`), if the player plays one (Policy.explore); whether
    it gave an exploration.  An Encounter is the context card code runs in, here with the
    card played as its card."""
    if "explore" not in table.power_purposes:
        return False
    playable: list[tuple[Encounter, Play]] = []
    for card, power in character.powers_for("explore"):
        context = Encounter(table, character, card, character.location)
        if context.may_play(character, card, power) and context._own_text(character, card) is None:
            playable.append((context, Play(character, card, power)))
    choice = table.policy.explore(table, character, [play for _, play in playable]) \
        if playable else None
    for context, play in playable:
        if play is choice:
            context.use_power(character, play.card, play.power)
    return table.explorations > 0


def start_turn_text(table: Table, turn_character: Character) -> None:
    """The text of the cards displayed beside the turn character of the start of its turn
    (`At the start of your turn, ...`), with it as `you`."""
    _displayed_window(table, turn_character, "start_of_your_turn")


def _displayed_window(table: Table, character: Character, window: str) -> None:
    """The text of `window` of each card displayed beside `character`, with it as `you`.  An
    Encounter is the context card code runs in, here with the displayed card as its card."""
    for card in list(character.displayed):
        run = getattr(card.defn, window)
        if run is not None and card in character.displayed:
            Encounter(table, character, card, character.location).run_held(character, card, run)


def reset_hand(table: Table, character: Character) -> bool:
    """Reset the hand, first doing what the hand's cards say is done then (`recharge this
    card when you reset your hand`); returns whether the character lives.  An Encounter is
    the context card code runs in, here with the held card as its card."""
    for card in list(character.hand):
        run = card.defn.when_reset
        if run is not None and card in character.hand:
            Encounter(table, character, card, character.location).run_held(character, card, run)
    return table.reset_hand(character)
