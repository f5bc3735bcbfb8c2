"""The wording of printed pacg cards that cardwright plays: conditions, choices, the
difficulty to defeat, better dice, forbidden cards, damage a card changes, and what becomes
of a card played.  Each test plays a small set-up through the real pipeline; checks of
difficulty 0 or 99 make an outcome certain whatever the dice say.  Rulings: docs/rulings.md.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from compiler.build import Compilation, compile_paths
from compiler.runtime import pacg as rt
from compiler.runtime.log import EventLog
from compiler.runtime.pacg.cards import CheckWay
from compiler.runtime.pacg.checks import NO_SKILL_DIE, Dice, Skill, chance
from compiler.runtime.pacg.encounter import start_turn_text
from compiler.runtime.pacg.messages import MESSAGES
from compiler.runtime.pacg.operations import Play
from compiler.runtime.pacg.scenario import explore, set_up
from compiler.runtime.pacg.state import Card, Table
from compiler.runtime.script import ScenarioError
from tests.conftest import events_of, play_setup

TEST_CARDS = """
Name: Pebble
Type: Item
Traits: Junk
---
Name: Plain Field
Type: Location
---
Name: Sure Thing
Type: Monster
Check: Combat 0
---
Name: Rising Wall
Type: Barrier
Check: Strength 0

The difficulty to defeat is increased by twice the scenario's adventure deck number.
---
Name: Iron Brute
Type: Monster
Check: Combat 10
---
Name: Test Axe
Type: Weapon
Traits: Axe

For your Combat check, reveal this card to roll your Strength or Melee die + 2.
If you are not proficient with weapons, the difficulty of this check is increased by 3.
---
Name: Mind Blade
Type: Spell
Traits: Arcane

For your Combat check, reveal this card to roll your Arcane die + 1.
---
Name: Runaway Imp
Type: Monster
Check: Combat 99

If undefeated, shuffle her into a random other open location deck.
---
Name: Roaming Imp
Type: Monster
Check: Combat 99

If undefeated, shuffle the Roaming Imp into a random open location.
---
Name: Wandering Guard
Type: Monster
Check: Combat 0

If defeated, you may immediately explore again.
---
Name: Trick Spell
Type: Spell
Traits: Arcane

Discard this card to add 1 to your check.
After playing this card, if you do not have the Arcane skill, banish it; otherwise, you may
succeed at an Arcane 0 check to recharge this card instead of discarding it.
---
Name: Drift Charm
Type: Spell

At the end of the turn, discard this card to move a willing character.
---
Name: Lonely Tyrant
Type: Villain
Check: Combat 10

The difficulty to defeat is increased by the number of characters at other locations.
---
Name: Withering Matron
Type: Villain
Check: Combat 99

If you fail a combat check, you may not play weapons or spells for the rest of the turn.
---
Name: Withering Seer
Type: Villain
Check: Combat 99

If you fail a Wisdom check, you may not play weapons or spells for the rest of the turn.
---
Name: Bound Spell
Type: Spell
Traits: Arcane

Bury this card to add 1 to your check.
After playing this card, you may succeed at an Arcane 0 check to recharge this instead of
discarding or burying it.
---
Name: Kept Spell
Type: Spell
Traits: Arcane

Recharge this card to add 1 to your check.
After playing this card, you may succeed at an Arcane 0 check to reveal this card instead of
recharging it.
---
Name: Warding Hag
Type: Monster
Check: Combat 99

Before the encounter, succeed at an Arcane 99 check or you may not play spells.
---
Name: Lucky Find
Type: Item

Reveal this card to explore your location.
You may draw up to 3 cards.
---
Name: Spell Eater
Type: Monster
Check: Combat 0

Before the encounter, you take 1 damage.
When you are dealt damage by the Spell Eater, you must first choose spells to discard as your
damage, if you have any.
---
Name: Plain Biter
Type: Monster
Check: Combat 0

Before the encounter, you take 1 damage.
---
Name: Lucky Stone
Type: Item

If you would fail a check by 2, you may bury this card to succeed.
---
Name: Glow Word
Type: Spell

Reveal this card to add the Magic trait to your combat check.
---
Name: Second Wind
Type: Item

Bury this card to shuffle 2 random cards from the blessings discard pile into the blessings
deck.
---
Name: Spell Lock
Type: Item

Recharge this card and discard a spell to defeat a barrier.
---
Name: Iron Gate
Type: Barrier
Check: Strength 99
---
Name: Silencing Gaze
Type: Monster
Check: Combat 99

Before the encounter, each other character must succeed at a Wisdom 99 check or that
character may not play cards during this encounter.
---
Name: Binding Glare
Type: Monster
Check: Combat 99

Before the encounter, succeed at an Arcane 99 check or you may not play spells with the
Attack trait or weapons.
---
Name: Force Bolt
Type: Spell
Traits: Attack

For your Combat check, reveal this card to roll your Arcane die + 1.
---
Name: Slippery Eel
Type: Monster
Check: Combat 0

The Slippery Eel may not be evaded.
---
Name: Sealed Eel
Type: Monster
Check: Combat 0

The Sealed Eel may not be evaded, and is immune to the Fire trait.
---
Name: Iron Door
Type: Barrier
Traits: Lock
Check: Strength 99
---
Name: Hundred Hands
Type: Monster
Check: Combat 8 then Combat 13
---
Name: Long Bow
Type: Weapon

If you are proficient with weapons, you may discard this card to add 1d4+2 to a combat check
at another location.
---
Name: Shock Maul
Type: Weapon

For your combat check, reveal this card to roll your Strength or Melee die + 1; you may
additionally discard this card to add your unmodified Strength die.
---
Name: Soft Giant
Type: Monster
Check: Combat 30

Damage dealt by the Soft Giant is increased by 2.
Halve the damage dealt by the Soft Giant (rounding up).
---
Name: Loyal Hound
Type: Ally

Recharge this card to add 1 to your check.
---
Name: Grave Call
Type: Spell

Banish this card to return an ally from your discard pile to your hand.
---
Name: Peeking Wall
Type: Barrier
Check: Strength 0

If defeated, examine the top card of the location deck.
---
Name: Lurking Shade
Type: Monster
Check: Combat 0

When you examine this card, encounter it; the difficulty to defeat is increased by 3.
---
Name: Choice Cache
Type: Barrier
Check: Strength 0

If defeated, draw 1 random weapon or item (your choice) from the box and add it to your hand.
---
Name: Shy Shade
Type: Monster
Check: Combat 0

Before you act, if there are other cards in the location deck, the Shy Shade is evaded; put \
him on the bottom of the location deck.
---
Name: Roving Wall
Type: Barrier
Check: Strength 0

If defeated, shuffle the barrier into a random other open location deck. If there are no other \
open locations, banish the barrier.
---
Name: Snow Wall
Type: Barrier
Check: Strength 99

If undefeated, leave this barrier faceup on the location deck; characters may not move or be \
moved while this barrier is faceup on the location deck.
---
Name: Snow Drift
Type: Barrier
Check: Strength 99

If undefeated, leave this barrier faceup on the location deck; characters at this location
encounter this barrier as their first exploration each turn, and may not move or be moved
while this barrier is faceup on the location deck.
---
Name: Swift Boots
Type: Item

Recharge this card to move.
---
Name: Warp Boots
Type: Item

Recharge this card to move. Ignore any movement restrictions.
---
Name: Veiled Watcher
Type: Monster
Check: Combat 0

When you examine this card, encounter it and ignore its before you act power.
Before you act, you are dealt 1 Poison damage.
---
Name: Sling Staff
Type: Weapon

For your combat check, reveal this card to roll your Dexterity or Ranged die + your
unmodified Strength die + 1.
---
Name: Far Ward
Type: Item

Banish this card to reduce damage dealt to any character by 3.
---
Name: Near Ward
Type: Item

Banish this card to reduce damage dealt to a character at your location by 3.
---
Name: Lock Pick
Type: Item

Bury this card to defeat a barrier with the Lock trait.
---
Name: Giant Slayer
Type: Weapon

Recharge this card to defeat a monster whose highest difficulty to defeat is 12 or lower.
---
Name: Brute Breaker
Type: Weapon

Recharge this card to defeat a bane whose highest combat value is 10 or lower.
---
Name: Cunning Brute
Type: Monster
Check: Combat 9 or Arcane 14
---
Name: Gated Crate
Type: Barrier
Check: Strength 0

Before the encounter, summon and encounter the barrier Iron Gate.
If you do not defeat the Iron Gate, the Gated Crate is undefeated.
---
Name: Open Crate
Type: Barrier
Check: Strength 0

Before the encounter, summon and encounter the barrier Peeking Wall.
If you do not defeat the Peeking Wall, the Open Crate is undefeated.
---
Name: Sense Beasts
Type: Spell

Discard this card to examine the top card of your location deck.
If it is a monster other than a henchman or villain, you may encounter it.
---
Name: Kindred Charm
Type: Item

During your turn, reveal this card to add 2 to any check.
---
Name: Restless Bones
Type: Monster
Traits: Undead
Check: Combat 10
---
Name: Dawnlight Sling
Type: Weapon

Reveal this card to add 1 to your combat check.
Add another 2 against a bane with the Undead trait.
---
Name: Dawnlight Cudgel
Type: Weapon

Reveal this card to add 1 to your combat check.
Add another 2 against a bane with the Undead trait.
Recharge this card to evade a Monster.
---
Name: Smoke Bomb
Type: Item

Discard this card to evade a Monster.
---
Name: Fire Giant
Type: Monster
Check: Combat 99

All damage dealt by the Fire Giant is Fire damage.
Damage dealt by the Fire Giant is increased by 1.
---
Name: Thunder Bird
Type: Monster
Check: Combat 99

Damage dealt by the Thunder Bird is dealt to each character at this location.
---
Name: Goblin Slinger
Type: Monster
Check: Combat 0

Before the encounter, the Goblin Slinger deals 1 Ranged Combat damage to you.
Combat damage dealt by the Goblin Slinger is increased by 1.
---
Name: Goblin Brawler
Type: Monster
Check: Combat 0

Before the encounter, the Goblin Brawler deals 1 Combat damage to you.
Ranged Combat damage dealt by the Goblin Brawler is increased by 1.
---
Name: Test Hound
Type: Ally
---
Name: Ally Thief
Type: Monster
Check: Combat 0

If defeated, discard a random ally.
---
Name: Treasure Chest
Type: Barrier
Check: Strength 0

If defeated, add 2 random items from the box to your hand.
---
Name: Twin Charm
Type: Item

Reveal this card to add 1 to your check.
You may play another item on this check.
---
Name: Second Charm
Type: Item

Reveal this card to add 2 to your check.
---
Name: Lookout Post
Type: Barrier
Check: Strength 0

Before the encounter, examine the top 2 cards of the location deck and put them back in any order.
---
Name: Dead End
Type: Barrier
Check: Strength 99

Before the encounter, explore your location.
If undefeated, end your turn.
---
Name: Open Road
Type: Barrier
Check: Strength 0

Before the encounter, explore your location.
---
Name: Twin Blessing
Type: Blessing

Discard this card to add 2 dice to any check.
---
Name: Bell Ghost
Type: Story Bane
Check: Wisdom 0
---
Name: Lucky Coin
Type: Loot
Check: Charisma 0
---
Name: Test Plate
Type: Armor
Traits: Heavy Armor

If you are proficient with heavy armors, you may recharge this card when you reset your hand.
---
Name: Other Field
Type: Location
---
Name: Gust
Type: Barrier
Check: Strength 0

Before the encounter, move to a random location.
---
Name: Shy Imp
Type: Monster
Check: Combat 99

When encountered, if you are the only character at this location, evade this card.
---
Name: Gate Spawner
Type: Barrier
Check: Strength 99

If undefeated, shuffle a monster from the box into your location deck.
---
Name: Trophy Beast
Type: Monster
Check: Combat 0

If defeated, display this card next to the scenario.
---
Name: Mill Wraith
Type: Monster
Check: Combat 0

If defeated, bury the top 2 cards of your deck.
---
Name: Blessing of Kin
Type: Blessing

Discard this card to add 1 to your check.
After you play this card, if the top card of the blessings discard pile has the Divine trait,
recharge this card instead of discarding it.
---
Name: Lash Cultist
Type: Henchman
Check: Combat 99

After you act, if you discarded any cards as damage from the Lash Cultist, bury the top card
of your discard pile.
---
Name: Pact Blessing
Type: Blessing

Discard this card to add 1 to your check.
If you have another blessing that has the Corrupted trait in your hand, recharge this card
instead of discarding it.
---
Name: Blessing of Echoes
Type: Blessing

Discard this card to add 1 to your check.
If the top card of the blessings discard pile matches this card, recharge this card instead of
discarding it.
---
Name: Test Scourge
Type: Scourge
---
Name: Nightmare
Type: Monster
Check: Combat 0

Before the encounter, attempt a Wisdom 99 check; if you fail, suffer the scourge Test Scourge.
---
Name: Grave Bat
Type: Monster
Check: Combat 99

After the encounter, if the Grave Bat dealt damage to you, bury 1 random card from your
discard pile.
---
Name: Tame Bat
Type: Monster
Check: Combat 0

After the encounter, if the Tame Bat dealt damage to you, bury 1 random card from your
discard pile.
---
Name: Pack Howler
Type: Monster
Check: Combat 99

If undefeated, you are dealt 1 Cold damage for each other character at your location.
---
Name: Venom Toad
Type: Monster
Check: Combat 99

If undefeated, you are dealt 1 Combat damage, then 2 Poison damage.
---
Name: Weak Nip
Type: Monster
Check: Combat 0

Before the encounter, you take 1d4-4 Combat damage.
---
Name: Tangle Cat
Type: Henchman
Check: Combat 5

Each character at this location encounters Tangle Cat.
If any character does not defeat Tangle Cat, she is undefeated.
---
Name: Hand Thief
Type: Monster
Check: Combat 99

If undefeated, do not reset your hand at the end of the turn.
---
Name: Lucky Digger
Type: Monster
Check: Combat 0

If defeated, examine the top card of the location deck.
If it is a boon, you may add it to your hand.
---
Name: Sorting Gate
Type: Barrier
Check: Wisdom 0

After the encounter, examine the top card of your deck.
If it is a weapon or spell, discard it; otherwise, draw it.
---
Name: Narrow Charm
Type: Item

Reveal this card to add 1 to your combat check; you may not play a weapon on this check.
---
Name: Twin Guard
Type: Monster
Check: Combat 0 then Combat 0
---
Name: Glass Wyrm
Type: Monster
Check: Combat 0

Before the encounter, a random character at this location takes an amount of Combat damage
equal to the number of spells with the Attack trait and weapons in your hand.
---
Name: Mirror Hag
Type: Monster
Check: Combat 0

Before the encounter, each character at this location takes Combat damage equal to the
number of weapons in her hand.
---
Name: Glass Titan
Type: Monster
Check: Combat 0

Before the encounter, you take Combat damage equal to 2 plus the number of weapons in your hand.
---
Name: Parting Riddle
Type: Monster
Check: Combat 0

If defeated, attempt a Wisdom 99 check.
If you succeed, draw a card; if you fail, bury the top card of your deck.
---
Name: Bad Dream
Type: Monster
Check: Combat 0

Before the encounter, display the scourge Test Scourge next to your deck.
---
Name: Double Dread
Type: Monster
Check: Combat 0

Before the encounter, suffer the scourges Test Scourge and Shaken.
---
Name: Hourglass
Type: Barrier
Check: Strength 99

Before the encounter, discard a card from the blessings deck.
If undefeated, after the encounter, bury your hand.
If defeated, after the encounter, draw a card.
---
Name: Sure Step
Type: Spell

Recharge this card to succeed at your Strength check.
---
Name: Hopeless Stones
Type: Barrier
Check: Strength 99
---
Name: Echoing Cave
Type: Barrier
Check: Strength 0

Before the encounter, draw a card.
Then, discard a card.
If defeated, you may explore your location.
---
Name: Ghost Knight
Type: Monster
Check: Combat 0

If the check to defeat does not have the Magic trait, the Ghost Knight is undefeated.
If the check to defeat has the Magic trait, subtract 2 from each die you roll.
---
Name: Magic Sword
Type: Weapon
Traits: Magic

Reveal this card to add 1d4 to your Combat check.
---
Name: Growing Wall
Type: Barrier
Check: Strength 1+##

Before the encounter, you must succeed at a Wisdom check with a difficulty of 2 plus the
scenario's adventure deck number or take 1 Combat damage.
---
Name: Quicksand
Type: Barrier
Check: Strength 0

If defeated, shuffle the location deck.
---
Name: Tinder Tree
Type: Monster
Check: Combat 10

Add 2 dice to checks to defeat the Tinder Tree with the Fire trait.
---
Name: Torch
Type: Item
Traits: Fire

Reveal this card to add 1 to your Combat check.
---
Name: Lightning Field
Type: Barrier
Check: Strength 0

Before the encounter, each character at this location attempts a Strength 0 check.
Characters who succeed take 1 Electricity damage; characters who fail take 5 Electricity damage.
---
Name: Off-Hand Knife
Type: Weapon

When playing another weapon, you may discard this card to add 2 to your combat check.
---
Name: Judge
Type: Barrier
Check: Strength 0

After the encounter, if you succeed, draw a card.
After the encounter, if you fail, discard a card.
---
Name: Guarded Door
Type: Barrier
Check: Stealth 99
---
Name: Quiet Word
Type: Spell

Banish this card and choose a character at your location to succeed at a Stealth check.
---
Name: Kin Mending
Type: Spell

Recharge this card and choose another character at your location to recharge 1 random card
from his discard pile.
---
Name: Shared Mending
Type: Spell

Reveal this card and choose another character at your location. Shuffle 3 random cards from
his discard pile into his deck and 1 random card from your discard pile into your deck.
---
Name: Near Mending
Type: Spell

Recharge this card and choose a character at your location to recharge 1 random card from
his discard pile.
---
Name: Hollow Lurker
Type: Monster
Check: Combat 99

If undefeated, the Hollow Lurker deals no damage; instead, bury the top card of your deck.
---
Name: Tusk Charger
Type: Monster
Check: Combat 99

If undefeated, instead of the normal damage, the Tusk Charger deals 1 Combat damage to you.
---
Name: Bone Pit
Type: Barrier

Each character at this location summons and encounters a Pit Skeleton monster.
If any character does not defeat the Pit Skeleton, the Bone Pit is undefeated.
---
Name: Pit Skeleton
Type: Monster
Check: Combat 5
---
Name: Rabble Rush
Type: Barrier

Each character at this location summons and encounters a Sure Thing monster; banish this card.
---
Name: Axe Hoarder
Type: Monster
Check: Combat 0

If defeated, add 3 random weapons with the Axe trait from the box to your hand.
---
Name: Toll Gate
Type: Barrier
Check: Strength 16

You may recharge any number of allies; for each ally recharged, add 1d4 to your check.
---
Name: Strength Gate
Type: Barrier
Check: Strength 16 or Combat 16

On your Strength check to defeat, you may recharge any number of allies; for each ally
recharged, add 1d4.
---
Name: Combat Gate
Type: Barrier
Check: Strength 16 or Combat 16

On your Wisdom or combat check to defeat, you may recharge any number of allies; for each ally
recharged, add 1d4.
---
Name: Two Faced Wall
Type: Barrier
Check: Strength 5 or Diplomacy 5

The difficulty of the Strength check to defeat is increased by 4.
---
Name: Two Faced Gate
Type: Barrier
Check: Strength 5 or Diplomacy 5

On your Strength check to defeat, the difficulty is increased by 4.
---
Name: Twice Faced Gate
Type: Barrier
Check: Strength 0 then Strength 0

On your Strength check to defeat, the difficulty is increased by 4.
---
Name: Tithe Gate
Type: Barrier
Check: Strength 16

You may bury any number of boons; for each card buried, add 1d4 to your check.
---
Name: Kin Tonic
Type: Item

Banish this card and choose another character at your location.
That character may shuffle 2 random cards from his discard pile into his deck.
---
Name: Second Swing
Type: Weapon

For your combat check, reveal this card to roll your Strength or Melee die + 1.
If you fail a combat check with this weapon, you may discard this card to ignore the result and
reroll the dice.
You must take the second result.
---
Name: Fickle Blade
Type: Weapon

For your combat check, reveal this card to roll your Strength or Melee die + 1d4.
If you would succeed at the check, reroll the dice.
---
Name: Grudging Blade
Type: Weapon

For your combat check, reveal this card to roll your Strength or Melee die + 1d4.
If you would succeed at the check, reroll the dice.
You must take the lower result.
---
Name: Hopeful Word
Type: Spell

For your combat check, reveal this card to add 1.
If you would fail the check, reroll the dice.
---
Name: Toll Keeper
Type: Monster
Check: Combat 99

While you act, before any character plays a card, that character discards a card.
---
Name: Spell Leech
Type: Monster
Check: Combat 99

While you act, before another character plays a spell, he must recharge a card.
---
Name: Helping Word
Type: Spell

Reveal this card to add 1 to any check.
---
Name: Hurled Spark
Type: Spell
Traits: Attack, Arcane

Reveal this card to add 1 to any check.
---
Name: Last Spark
Type: Spell
Traits: Arcane

Banish this card to add 1 to any check.
---
Name: Spark Eater
Type: Monster
Check: Combat 0

If you play a spell that has the Attack trait, banish it.
---
Name: Sticky Ooze
Type: Monster
Check: Combat 99

If you play a weapon on your check to defeat and fail that check, bury the weapon.
---
Name: Soft Ooze
Type: Monster
Check: Combat 0

If you play a weapon on your check to defeat and fail that check, bury the weapon.
---
Name: Grave Moth
Type: Monster
Check: Combat 0

Bury any card with the Arcane trait played during this encounter, unless that card would be
banished.
---
Name: Bell Ringer
Type: Monster
Check: Combat 0

Before the encounter, each character at an open location summons and encounters a Sure Thing
monster.
---
Name: Ember Spitter
Type: Monster
Check: Combat 99

Before the encounter, you take 1 Fire damage.
Fire damage dealt by the Ember Spitter is dealt to each character at this location.
---
Name: Tide Pool
Type: Barrier
Check: Strength 99

If undefeated, shuffle the top card of the blessings deck into this location deck.
---
Name: Grave Caller
Type: Barrier
Check: Strength 0

Before the encounter, a character at your location summons and encounters a Sure Thing.
---
Name: Force Barrage
Type: Spell

For your combat check, bury this card to roll 2d4+1 with the Force trait.
---
Name: Dread Fog
Type: Barrier
Check: Strength 0

Before the encounter, succeed at a Wisdom 99 check or the difficulty of your checks is
increased by 3 for the rest of the turn.
---
Name: Wailing Wind
Type: Barrier
Check: Strength 0

Before the encounter, each character at this location must succeed at a Wisdom 99 check or
the difficulty of his checks is increased by 2 for the rest of the turn.
---
Name: Foul Miasma
Type: Barrier
Check: Strength 0

Before the encounter, the difficulty of all checks is increased by 1 for the rest of the turn.
---
Name: Grasping Mire
Type: Barrier
Check: Strength 0

Before the encounter, succeed at a Wisdom 99 check or bury a card and draw 2 cards.
---
Name: Shallow Mire
Type: Barrier
Check: Strength 0

Before the encounter, succeed at a Wisdom 0 check or bury a card and draw 2 cards.
---
Name: Deep Mire
Type: Barrier
Check: Strength 99

If undefeated, bury the top or bottom card of your deck.
---
Name: Ally Eater
Type: Monster
Check: Combat 99

If undefeated, bury an ally, or if you have no allies, bury your entire hand; the Ally Eater
deals no damage.
---
Name: Mind Veil
Type: Item

Reveal this card to reduce Mental damage dealt to you by 2.
---
Name: Mind Gnat
Type: Monster
Check: Combat 0

Before the encounter, the Mind Gnat deals you 2 Mental damage.
---
Name: Mind Leech
Type: Monster
Check: Combat 0

Before the encounter, you are dealt 2 Mental damage that may not be reduced.
---
Name: Weak Giant
Type: Monster
Check: Combat 30

Damage dealt by the Weak Giant is reduced by 3.
---
Name: Shaken
Type: Scourge

You may not play allies.
---
Name: Scare Crow
Type: Monster
Check: Combat 99

If undefeated, suffer the scourge Shaken; the Scare Crow deals no damage.
---
Name: Hill Giant
Type: Monster
Traits: Giant
Check: Combat 10
---
Name: Giant Hunter
Type: Ally

Recharge this card to add 1 to your combat check, or 5 to your combat check against a monster
with the Giant trait.
---
Name: Helping Hand
Type: Ally

Recharge this card to add 2 to another character's combat check.
---
Name: Ally Hater
Type: Monster
Check: Combat 99

If undefeated, bury any allies in your discard pile; the Ally Hater deals no damage.
---
Name: Tin Shirt
Type: Armor
Check: Dexterity 4
---
Name: Sign of Tin
Type: Blessing

Discard this card to add 1 die to any check.
If the check is against an armor, recharge this card instead.
---
Name: Deck Thief
Type: Monster
Check: Combat 99

If undefeated, search your deck for an ally and bury it; the Deck Thief deals no damage.
---
Name: Shield Wall
Type: Barrier
Check: Strength 10

Subtract 1 from each die rolled in your check to defeat the Shield Wall.
---
Name: Beast Caller
Type: Barrier
Check: Wisdom 0

Before the encounter, summon and encounter a random barrier from the box.
---
Name: Deck Stacker
Type: Monster
Check: Combat 0

Before the encounter, put 1 card of your choice from your hand on top of your deck.
---
Name: Margin Rat
Type: Monster
Check: Combat 8

If defeated by 5 or more, draw a card.
If your check to defeat the Margin Rat fails by 4 or more, draw 2 cards.
---
Name: Gambler's Coin
Type: Item

Bury this card to add 1d20 to your check.
If you fail the check, discard this card instead of burying it.
---
Name: Echo Owl
Type: Henchman
Check: Combat 99

If undefeated, summon and encounter the henchman Echo Owl.
---
Name: Lonely Wisp
Type: Monster
Check: Combat 1

If you are the only character at this location, before the encounter, draw a card.
---
Name: Toll Bridge
Type: Barrier
Check: Strength 99

Before the encounter, you may banish an ally to evade this card.
---
Name: Far Sniper
Type: Barrier
Check: Strength 99

If undefeated, you take 1 Fire damage and a random character at another location is dealt 2 damage.
---
Name: Rat Horde
Type: Barrier
Check: Strength 5

If you do not defeat the Rat Horde by at least 4, draw a card and shuffle it into the location deck.
---
Name: Stubborn Wall
Type: Barrier
Check: Strength 1

The first time in this scenario that anyone would defeat the Stubborn Wall, it is undefeated.
---
Name: Sulking Door
Type: Barrier
Check: Strength 99

The first time the Sulking Door is undefeated this turn, draw a card, then draw a card.
---
Name: Pilfering Rogue
Type: Barrier
Check: Strength 99

If undefeated, shuffle a card from your hand or discard pile into your location deck.
If undefeated, shuffle an ally from your discard pile into your deck.
---
Name: Mire Beast
Type: Monster
Check: Combat 1

Before you act, attempt a Wisdom 99 check.
If you fail, end your turn and the Mire Beast is undefeated.
---
Name: Lucky Pick
Type: Weapon
Traits: Melee

For your combat check, reveal this card to roll your Strength or Melee die + 2d4.
If any d4 rolled using this weapon is a 4, count it as 9.
---
Name: Scattering Gust
Type: Barrier
Check: Strength 99

If undefeated, move each character at this location to a random other location.
---
Name: Lock Breaker
Type: Item

Reveal this card to add 10 to your check to defeat a barrier with the Lock or Obstacle trait.
---
Name: Barred Gate
Type: Barrier
Traits: Lock
Check: Strength 99
---
Name: Toll Demon
Type: Barrier
Check: Strength 99

Before you act, either banish an ally or a blessing, or discard your hand.
---
Name: Grave Robber
Type: Barrier
Check: Strength 99

If undefeated, bury the top and bottom cards of your deck.
---
Name: Gate Caller Bash
Type: Barrier
Check: Strength 0

Before the encounter, summon and encounter a Sure Thing and an Iron Gate.
If the Iron Gate is not defeated, this barrier is evaded.
---
Name: Thing Caller Bash
Type: Barrier
Check: Strength 0

Before the encounter, summon and encounter the monster Sure Thing.
If the Sure Thing is not defeated, this barrier is evaded.
---
Name: Gate Rider
Type: Monster
Check: Combat 10

Before the encounter, summon and encounter a Sure Thing.
Then, summon and encounter an Iron Gate; if it is not defeated, the difficulty to defeat is \
increased by 5.
---
Name: Thing Rider
Type: Monster
Check: Combat 10

Before the encounter, summon and encounter an Iron Gate.
Then, summon and encounter a Sure Thing; if it is not defeated, the difficulty to defeat is \
increased by 5.
---
Name: Imp Pair
Type: Barrier

Before the encounter, summon and encounter a Sure Thing and a Runaway Imp.
If either monster is not defeated, this barrier is undefeated.
---
Name: Sealing Lich
Type: Villain
Check: Combat 0

When encountered, a random other open location cannot be temporarily closed.
---
Name: Abyss Warden
Type: Villain
Check: Combat 0

When you encounter this card, locations that have the Abyssal trait cannot be temporarily
closed.
---
Name: Rift Gate
Type: Location
Traits: Abyssal
Check: Dexterity 0
---
Name: Calm Gate
Type: Location
Check: Dexterity 0
---
Name: Shy Sigil
Type: Henchman
Check: Combat 5

When you examine this card, you may put it back on either the top or bottom of the deck it
came from.
---
Name: Mirror Siren
Type: Monster
Check: Combat 0

After the encounter, examine the top 3 cards of your deck and discard any allies. Shuffle
any remaining cards into your deck.
---
Name: Bottom Seer
Type: Spell

Discard this card to examine the bottom 3 cards of your location deck. You may put them back
in any order.
---
Name: Hoarding Wraith
Type: Monster
Check: Combat 0

After you act, discard 2 cards from your hand or from your deck.
---
Name: Imp Brace
Type: Barrier
Check: Strength 99

Before the encounter, summon and encounter a Runaway Imp and a Sure Thing.
If both are defeated, this barrier is defeated.
---
Name: Guard Brace
Type: Barrier
Check: Strength 99

Before the encounter, summon and encounter a Sure Thing and a Wandering Guard.
If both are defeated, this barrier is defeated.
---
Name: Guard Pair
Type: Barrier
Check: Strength 99

Before the encounter, summon and encounter a Sure Thing and a Wandering Guard.
If both summoned monsters are defeated, this barrier is defeated.
---
Name: Test Augury
Type: Spell

Discard this card to choose a type of card and examine the top 3 cards of your location deck.
If there are any cards of the chosen type, set them aside.
Return the remaining cards to the deck, shuffle it, then put the cards you set aside together \
in any order at either the top or bottom of the deck.
---
Name: Spell Glutton
Type: Monster
Check: Combat 99

You may bury a spell to defeat the Spell Glutton.
---
Name: Test Legion
Type: Henchman
Traits: Army
Check: Intelligence or Wisdom 99

Each character chooses a different check to defeat. Each character who fails a check to \
defeat must attempt a Combat 0 check. If any character fails both checks, this card is \
undefeated; otherwise, it is defeated.
---
Name: Doomed Legion
Type: Henchman
Traits: Army
Check: Intelligence or Wisdom 99

Each character chooses a different check to defeat. Each character who fails a check to \
defeat must attempt a Combat 99 check. If any character fails both checks, this card is \
undefeated; otherwise, it is defeated.
---
Name: Waxen Brute
Type: Monster
Check: Combat 10

Resistant to Axe and Fire.
---
Name: Tallow Brute
Type: Monster
Check: Combat 10

Vulnerable to Fire.
Resistant to Axe.
---
Name: Flame Focus
Type: Spell

Reveal this card to add 1 to your check; if it is a combat check, also add the Fire trait.
---
Name: Rune Robes
Type: Armor

Bury this card to use your Arcane skill instead of any listed skill for your non-combat check.
---
Name: Rune Door
Type: Barrier
Check: Strength 12
---
Name: Scholar's Lever
Type: Item

Recharge this card to add 1 to your non-combat check, or 5 if you have the Arcane skill.
---
Name: Tide Scales
Type: Item

Recharge this card to add 1 plus the scenario's adventure deck number to your non-combat check.
---
Name: Silver Tongue
Type: Spell
Traits: Arcane

Display this card next to a character.
While displayed, add 3 to that character's Strength checks.
---
Name: Kindly Herbalist
Type: Ally

Recharge this card to allow every character at your location to draw a card.
---
Name: Gnawing Curse
Type: Henchman
Check: Wisdom 30

If undefeated, display this card next to your character card.
While displayed, at the start of each of your turns, bury the top card of your deck.
---
Name: Twice Stung Hive
Type: Monster
Check: Combat 99

Before the encounter, or if undefeated, you take 1 Fire damage.
---
Name: Sliding Wall
Type: Barrier
Check: Strength 99

If undefeated, put this card under the top card (if any) of the location deck.
---
Name: Jealous Idol
Type: Monster
Check: Combat 10

For each blessing played in a check against the Jealous Idol, the difficulty of the check is
increased by 2.
---
Name: Sleepy Charm
Type: Item

Reveal this card to add 2 to your combat check. You may not play this card during an encounter.
---
Name: Dusk Cloak
Type: Item

Discard this card to move to another location at the end of your turn.
You may not play this card during an encounter.
---
Name: Bound Cloak
Type: Item

Discard this card to move to another location at the end of your turn.
You may not play this card.
---
Name: Kindly Steward
Type: Cohort

Recharge this card to put a spell from a character's discard pile on top of her deck.
---
Name: Withering Hex
Type: Henchman
Check: Wisdom 30

If undefeated, display this card next to your character card.
While displayed, your Strength and Melee dice are each d4.
---
Name: Quilted Coat
Type: Armor

Display this card.
While displayed, you may recharge this card to reduce Combat damage dealt to you by 1.
---
Name: Sticky Web
Type: Spell

Discard this card to evade a monster; put it on either the top or the bottom of the location deck.
---
Name: Curious Spy
Type: Barrier
Check: Strength 0

If defeated, examine the top card of your location deck, then you may encounter it.
---
Name: Fire Oil
Type: Item

Discard this card to add 5 with the Fire trait to a combat check using a weapon.
---
Name: Greedy Blade
Type: Weapon

Reveal this card to add 1 to your combat check.
If this check is against the Iron Brute, banish this card.
---
Name: Roving Roc
Type: Monster
Check: Combat 99

If undefeated, move to a random open location and shuffle the Roving Roc into that deck.
---
Name: Deck Surveyor
Type: Ally

Banish this card to examine your location deck and then shuffle it.
---
Name: Gift of Luck
Type: Blessing
Check: Wisdom 99

If you encounter this card, you automatically acquire it.
---
Name: Hard Gift
Type: Blessing
Check: Wisdom 99
---
Name: Twin Staff
Type: Weapon

For your combat check, reveal this card to add 1d6; you may additionally discard a card to \
add another 1d6.
---
Name: Twofold Charm
Type: Item

Reveal this card to add 1d6 to your combat check or to your check to acquire an ally.
---
Name: Shy Squire
Type: Ally
Check: Charisma 4
---
Name: Spell Sink
Type: Barrier
Check: Strength 99

If undefeated, you must recharge every card with the Magic trait in your hand.
---
Name: Glow Stone
Type: Item
Traits: Magic
---
Name: Proud Squire
Type: Ally
Check: Wisdom 99

If you acquire this card, draw a card.
If you do not acquire this card, bury a card.
---
Name: Humble Squire
Type: Ally
Check: Wisdom 0

If you acquire this card, draw a card.
If you fail to acquire this card, bury a card.
---
Name: Easing Charm
Type: Item

Discard this card to decrease the difficulty of your combat check by 3.
---
Name: Spiteful Brute
Type: Monster
Check: Combat 14

Before the encounter, you take 1 Fire damage.
If undefeated, the damage dealt by the Spiteful Brute is increased by 2.
---
Name: Tainted Charm
Type: Item
Traits: Corrupted

Discard this card to add 1 to your combat check; if this card has the Corrupted trait, \
bury a card.
---
Name: Clean Charm
Type: Item

Discard this card to add 1 to your combat check; if this card has the Corrupted trait, \
bury a card.
---
Name: Coin Imp
Type: Barrier
Check: Strength 0

Before the encounter, roll 1d6; on a 1, 2, or 3, you take 1 Fire damage.
---
Name: Split Imp
Type: Barrier
Check: Strength 0

Before the encounter, roll 1d6.
On a 1, 2, or 3, you take 1 Fire damage.
---
Name: Lucky Imp
Type: Barrier
Check: Strength 0

Before the encounter, roll 1d6; on a result other than 1, 2, 3, 4, 5, or 6, you take 1 Fire \
damage.
---
Name: Boon Breaker
Type: Ally

Discard this card to explore your location. If you encounter a boon, banish it.
---
Name: Brute Sign
Type: Blessing

Discard this card to explore your location. If you encounter a monster, recharge this card \
instead.
---
Name: Trail Scout
Type: Ally

Discard this card to explore your location; add 3 to your combat checks during this \
exploration.
---
Name: Monster Lantern
Type: Ally

Discard this card to explore your location.
During this exploration, add 3 to your checks against monsters.
---
Name: Gnawing Rats
Type: Monster
Check: Combat 99

If undefeated, damage dealt by the Gnawing Rats is reduced to 1.
---
Name: Crowd Crusher
Type: Barrier
Check: Strength 0

Before the encounter, if you are not the only character at your location, you take 1 damage.
---
Name: Tide Reader
Type: Ally

Put this card on top of your deck to examine the bottom 2 cards of the location deck.
---
Name: Deck Diviner
Type: Ally

Reveal this card to examine the top 2 cards of any character deck.
---
Name: Omen Hound
Type: Monster
Check: Combat 5

Before the encounter, examine the top card of the blessings discard pile.
If the card is Blessing of Echoes, the difficulty to defeat the Omen Hound is increased by 20.
---
Name: Table Ogre
Type: Monster
Check: Combat 5

When you encounter the Table Ogre, roll 1d4:
1. The difficulty to defeat the Table Ogre is increased by 20.
2. The Table Ogre may not be evaded.
3-4. After the encounter, put the Table Ogre on the bottom of the location deck.
---
Name: Prism Drake
Type: Monster
Check: Combat 99

Roll 1d4 for the type of damage:
1-2. Acid 3. Electricity
4. Fire
---
Name: Prism Wyrm
Type: Monster
Check: Combat 99

When you encounter the Prism Wyrm, roll 1d4. All damage dealt by the Prism Wyrm has this
type:
1-2. Acid 3. Electricity
4. Fire
---
Name: Slinking Thief
Type: Henchman
Check: Combat 99

The first time Slinking Thief is undefeated this turn, a random character at this location
encounters her.
---
Name: Picky Wraith
Type: Monster
Check: Combat 1

If the check to defeat is either not blessed or does not have the Magic trait, this monster is
undefeated.
---
Name: Grave Chill
Type: Monster
Check: Combat 30

When you discard cards as damage, discard them from the top of your deck.
---
Name: Storm Wyrm
Type: Villain
Check: Combat 99

Before the encounter, randomly select an occupied location.
Each character at that location takes 1 Electricity damage.
---
Name: Crowd Wyrm
Type: Villain
Check: Combat 99

Before the encounter, randomly choose a location that is occupied by the greatest number of
characters.
Each character at that location takes 1 Electricity damage.
---
Name: Plain Lackey
Type: Henchman
Check: Combat 0
---
Name: Stubborn Lackey
Type: Henchman
Check: Combat 0

Defeating the Stubborn Lackey does not allow you to close this location.
---
Name: Ember Haze
Type: Spell
Traits: Magic

Display this card when a character encounters a bane.
Any character who encounters a monster this turn adds 2d4 with the Fire trait to her combat
check.
Discard this card at the end of this turn.
---
Name: Chill Haze
Type: Spell
Traits: Magic

Place this card in front of you when a character encounters a bane.
Any character who encounters a barrier this turn adds 2d6 with the Cold trait to her combat
check.
Discard this card at the end of this turn, and every other character takes 1 Cold damage.
---
Name: Wind Cloak
Type: Item

Discard this card to move to another location at the end of your turn.
---
Name: Wary Troll
Type: Monster
Check: Combat 10

Before you act, you may bury an ally; if you do not, the difficulty is increased by another 5.
---
Name: Wavering Shade
Type: Barrier
Check: Strength 99

If undefeated, you may draw a card; if you do not, recharge all of your allies and blessings.
---
Name: Victor's Blade
Type: Weapon

Reveal this card to add 1 to your combat check.
If you defeat a monster while playing this weapon, draw a card.
---
Name: Straw Dummy
Type: Barrier
Check: Combat 1
---
Name: Straw Beast
Type: Monster
Check: Combat 1
---
Name: Tide Charm
Type: Item

Discard this card to evade a monster; return it to the top of the deck.
---
Name: Grave Ogre
Type: Monster
Check: Combat 99

Damage dealt by the Grave Ogre causes cards to be buried instead of discarded.
This damage may not be reduced.
---
Name: Treasure Keeper
Type: Monster
Check: Combat 1

If defeated, search your location deck and choose an ally to add to your hand, then shuffle \
the location deck.
---
Name: Ally Counter
Type: Monster
Check: Combat 10

Before you act, the difficulty to defeat is increased by the number of allies in your hand.
---
Name: Iron Wall
Type: Barrier
Check: Strength 99
---
Name: Paper Wall
Type: Barrier
Check: Strength 1
---
Name: Riddle Door
Type: Barrier
Check: Wisdom 1 or Combat 1

If defeated by a non-combat check, draw a card.
"""
# A card whose sentence is longer than a line of this file.
TEST_CARDS += ("---\nName: Seeker's Lens\nType: Item\n\n"
               "Banish this card to examine your location deck until you find a bane; shuffle "
               "the deck and put that card on top.\n")
PEBBLES = ["Pebble"] * 10


@pytest.fixture
def cards(pool_with) -> dict[str, rt.CardDef]:
    return pool_with(TEST_CARDS)


def hero(card: str, hand: list[str] | None = None, deck: list[str] | None = None) -> dict:
    return {"card": card, "location": "Plain Field", "hand": hand or [],
            "deck": PEBBLES if deck is None else deck}


def field(*deck: str) -> list[dict]:
    return [{"card": "Plain Field", "deck": list(deck)}]


def laid_out(cards: dict[str, rt.CardDef], setup: dict) -> Table:
    """A pacg set-up laid out and not played, its log kept: the test plays on it what it
    wants to."""
    return set_up({"name": "test", "turns": 1, **setup}, cards, 1, EventLog(MESSAGES))


def brannoc_encounters(cards: dict[str, rt.CardDef], bane: str, script: dict | None = None,
                       **piles: list[str]) -> tuple[Table, rt.Character]:
    """Brannoc, alone at a field of `bane`, his `hand`, `deck` or `discards` these cards,
    encounters `bane`: the table and Brannoc afterwards."""
    table = laid_out(cards, {"locations": field(bane), "characters": [hero("Brannoc Ashvale")],
                             **({"script": script} if script else {})})
    brannoc = table.characters[0]
    for pile, names in piles.items():
        setattr(brannoc, pile, [Card(cards[name]) for name in names])
    rt.Encounter(table, brannoc, Card(cards[bane]), brannoc.location).run()
    return table, brannoc


def checks(events: list[dict]) -> list[dict]:
    return events_of(events, "check")


def play_first_power(cards: dict[str, rt.CardDef], table: Table) -> None:
    """The table's first character plays the first power of the first card of the hand, one
    with no moment of its own, in an encounter with the Sure Thing."""
    holder = table.characters[0]
    card = holder.hand[0]
    rt.Encounter(table, holder, Card(cards["Sure Thing"]), holder.location).use_power(
        holder, card, card.defn.powers[0])


def compiled(tmp_path, cards: str) -> Compilation:
    """The pacg card file of `cards` (card file text after its `Game:` line), compiled."""
    path = tmp_path / "cards.card"
    path.write_text("Game: pacg\n\n" + cards, encoding="utf-8")
    return compile_paths([path])


# -- the difficulty --------------------------------------------------------------


@pytest.mark.parametrize(("adventure_deck", "difficulty"), [(1, 2), (3, 6)])
def test_the_difficulty_to_defeat_grows_with_the_adventure_deck_number(cards, adventure_deck,
                                                                      difficulty):
    events = play_setup(cards, adventure_deck=adventure_deck, locations=field("Rising Wall"),
                        characters=[hero("Brannoc Ashvale")])
    assert [check["difficulty"] for check in checks(events)] == [difficulty]


@pytest.mark.parametrize(("adventure_deck", "added"), [(1, 2), (3, 4)])
def test_an_amount_grows_with_the_adventure_deck_number(cards, adventure_deck, added):
    """`add 1 plus the scenario's adventure deck number to your non-combat check`."""
    events = play_setup(cards, adventure_deck=adventure_deck, locations=field("Rune Door"),
                        characters=[hero("Brannoc Ashvale", hand=["Tide Scales"])],
                        script={"check": [["Tide Scales"]], "evade": ["none"]})
    (check,) = checks(events)
    assert check["added"] == added


@pytest.mark.parametrize(("character", "added"), [("Brannoc Ashvale", 1), ("Ilsa Thornquill", 5)])
def test_an_amount_may_be_more_for_a_holder_with_a_skill(cards, character, added):
    """`add 1 to your non-combat check, or 5 if you have the Arcane skill`: Ilsa has it."""
    events = play_setup(cards, locations=field("Rune Door"),
                        characters=[hero(character, hand=["Scholar's Lever"])],
                        script={"check": [["Scholar's Lever"]], "evade": ["none"]})
    (check,) = checks(events)
    assert check["added"] == added


@pytest.mark.parametrize(("character", "difficulty"),
                         [("Brannoc Ashvale", 10), ("Tamsin Reed", 13)])
def test_a_weapon_is_harder_to_use_for_one_not_proficient_with_weapons(cards, character,
                                                                       difficulty):
    """Brannoc is proficient with weapons; Tamsin is not, and her check is 3 harder."""
    events = play_setup(cards, locations=field("Iron Brute"),
                        characters=[hero(character, hand=["Test Axe"])],
                        script={"check": [["Test Axe"]], "evade": ["none"]})
    (check,) = checks(events)
    assert (check["difficulty"], check["added"]) == (difficulty, 2)


def test_rolling_a_better_die_makes_the_check_with_that_skill(cards):
    """Ilsa's Strength is a d4 and her Arcane a d12+2: the spell makes her combat check an
    Arcane check, and adds 1."""
    events = play_setup(cards, locations=field("Iron Brute"),
                        characters=[hero("Ilsa Thornquill", hand=["Mind Blade"])],
                        script={"check": [["Mind Blade"]], "evade": ["none"]})
    (check,) = checks(events)
    assert (check["skill"], check["sides"], check["bonus"], check["added"]) == ("Arcane", 12,
                                                                                2, 1)


def test_added_dice_are_of_the_kind_the_check_rolls(cards):
    """Brannoc's combat check is made with Melee, a d10: two more d10s are added."""
    events = play_setup(cards, locations=field("Iron Brute"),
                        characters=[hero("Brannoc Ashvale", hand=["Twin Blessing"])],
                        script={"check": [["Twin Blessing"]], "evade": ["none"]})
    (roll,) = events_of(events, "roll")
    (check,) = checks(events)
    assert roll["dice"] == "2d10" and check["added"] == roll["total"] == sum(roll["faces"])


# -- choices and conditions ---------------------------------------------------------


@pytest.mark.parametrize(("answer", "encountered"), [(True, 2), (False, 1)])
def test_you_may_leaves_the_choice_to_the_character(cards, answer, encountered):
    events = play_setup(cards, locations=field("Wandering Guard", "Sure Thing"),
                        characters=[hero("Brannoc Ashvale")], script={"may": [answer]})
    assert len(events_of(events, "encounter")) == encountered


@pytest.mark.parametrize(("character", "moved_to"),
                         [("Brannoc Ashvale", "banish"), ("Ilsa Thornquill", "recharge")])
def test_a_condition_and_its_otherwise(cards, character, moved_to):
    """Without the Arcane skill the spell is banished after it is played; with it, an Arcane
    check recharges it instead of its being discarded."""
    events = play_setup(cards, locations=field("Iron Brute"),
                        characters=[hero(character, hand=["Trick Spell"])],
                        script={"check": [["Trick Spell"]], "evade": ["none"]})
    assert [event["to"] for event in events_of(events, "moved", card="Trick Spell")] == [
        moved_to]


@pytest.mark.parametrize(("spell", "moved_to", "pile"),
                         [("Bound Spell", "recharge", "deck"), ("Kept Spell", "reveal", "hand"),
                          ("Trick Spell", "recharge", "deck")])
def test_a_card_played_may_go_elsewhere_than_where_any_of_its_costs_sent_it(cards, spell,
                                                                          moved_to, pile):
    """`recharge this instead of discarding or burying it` after a power that buries the
    card recharges it; `reveal this card instead of recharging it` after one that recharges
    it keeps it in the hand."""
    table = laid_out(cards, {"locations": field("Sure Thing"),
                             "characters": [hero("Ilsa Thornquill", hand=[spell])],
                             "script": {"check": [[spell]], "evade": ["none"]}})
    ilsa = table.characters[0]
    rt.Encounter(table, ilsa, ilsa.location.deck.pop(0), ilsa.location).run()
    assert [event["to"] for event in events_of(table.log.events, "moved", card=spell)] == [
        moved_to]
    assert [card.name for card in getattr(ilsa, pile)][-1:] == [spell]


# -- what may be played ----------------------------------------------------------------


def test_a_failed_check_can_forbid_playing_cards_for_the_encounter(cards):
    events = play_setup(cards, locations=field("Warding Hag"),
                        characters=[hero("Brannoc Ashvale", hand=["Mind Blade"])],
                        script={"check": [[], ["Mind Blade"]], "evade": ["none"]})
    (refused,) = events_of(events, "refused", card="Mind Blade")
    assert refused["reason"] == "Warding Hag forbids playing it"


@pytest.mark.parametrize(("villain", "refused"), [("Withering Matron", True),
                                                  ("Withering Seer", False)])
def test_a_failed_combat_check_can_forbid_playing_cards_for_the_turn(cards, villain, refused):
    """`If you fail a combat check, you may not play weapons or spells for the rest of the
    turn.`: Brannoc fails his combat check against the Withering Matron, and may not play the
    Mind Blade (given him again after the damage) against the Iron Brute after it in the same
    turn; the Seer asks a failed Wisdom check, which his was not."""
    table = laid_out(cards, {"locations": field("Pebble"),
                             "characters": [hero("Brannoc Ashvale")],
                             "script": {"evade": ["none", "none"],
                                        "check": [[], ["Mind Blade"]]}})
    brannoc = table.characters[0]
    for bane in (villain, "Iron Brute"):
        brannoc.hand = [Card(cards["Mind Blade"])]
        rt.Encounter(table, brannoc, Card(cards[bane]), brannoc.location).run()
    refusals = events_of(table.log.events, "refused", card="Mind Blade")
    assert [event["reason"] for event in refusals] == (
        [f"{villain} forbids playing it"] if refused else [])


@pytest.mark.parametrize(("bane", "holder", "allowed"), [
    ("Warding Hag", "Brannoc Ashvale", False), ("Warding Hag", "Tamsin Reed", True),
    ("Silencing Gaze", "Brannoc Ashvale", True), ("Silencing Gaze", "Tamsin Reed", False)])
def test_a_forbidding_falls_only_on_whom_it_names(cards, bane, holder, allowed):
    """`you may not play spells` is the encountering character's (Brannoc's); `that character
    may not play cards` is each other character's who failed (Tamsin's).  The holder of a
    spell that adds to any check plays it on Brannoc's check to defeat, if allowed."""
    characters = [hero(name, hand=["Helping Word"] if name == holder else [])
                  for name in ("Brannoc Ashvale", "Tamsin Reed")]
    events = play_setup(cards, locations=field(bane), characters=characters,
                        script={"check": [[], ["Helping Word"]], "evade": ["none"]})
    assert bool(events_of(events, "play", card="Helping Word", character=holder)) == allowed
    assert bool(events_of(events, "refused", card="Helping Word", character=holder)) != allowed


@pytest.mark.parametrize(("card", "allowed"), [
    ("Test Axe", False), ("Force Bolt", False), ("Mind Blade", True)])
def test_a_forbidding_may_name_kinds_with_traits_or_other_kinds(cards, card, allowed):
    """`you may not play spells with the Attack trait or weapons`: any weapon, and a spell
    only with the Attack trait."""
    events = play_setup(cards, locations=field("Binding Glare"),
                        characters=[hero("Brannoc Ashvale", hand=[card])],
                        script={"check": [[], [card]], "evade": ["none"]})
    assert bool(events_of(events, "play", card=card)) == allowed
    assert bool(events_of(events, "refused", card=card)) != allowed


def test_a_forbidding_of_powers_too_is_kept_in_the_ir(tmp_path):
    """`... may not play cards or use powers`: the IR says so; the runtime has no
    characters' powers to forbid (docs/rulings.md)."""
    (program,) = compiled(tmp_path, "Name: Gaze\nType: Monster\nCheck: Combat 5\n\n"
                          "Before the encounter, that character may not play cards or use "
                          "powers.\n").programs
    (forbid,) = program["triggers"]["before_encounter"]
    assert (forbid["kinds"], forbid["or_kinds"], forbid["powers"]) == (["cards"], [], True)


@pytest.mark.parametrize(("bane", "holder", "card", "pile"), [
    ("Spark Eater", "Brannoc Ashvale", "Hurled Spark", None),
    ("Spark Eater", "Tamsin Reed", "Hurled Spark", "hand"),
    ("Spark Eater", "Brannoc Ashvale", "Helping Word", "hand"),
    ("Grave Moth", "Tamsin Reed", "Hurled Spark", "buried"),
    ("Grave Moth", "Brannoc Ashvale", "Last Spark", None)])
def test_a_bane_may_say_where_the_cards_played_against_it_go(cards, bane, holder, card, pile):
    """`If you play a spell that has the Attack trait, banish it`: the encountering
    character's (Brannoc's) such cards, not another's; `Bury any card with the Arcane trait
    played during this encounter, unless ...`: anyone's, but not from the box, where a card
    its play banished is (`pile` None: in none of the holder's piles)."""
    table = laid_out(cards, {
        "locations": field(bane), "script": {"check": [[card]], "evade": ["none"]},
        "characters": [hero(name, hand=[card] if name == holder else [])
                       for name in ("Brannoc Ashvale", "Tamsin Reed")]})
    brannoc, tamsin = table.characters
    rt.Encounter(table, brannoc, Card(cards[bane]), brannoc.location).run()
    assert events_of(table.log.events, "play", card=card, character=holder)
    held = brannoc if holder == "Brannoc Ashvale" else tamsin
    where = [name for name in ("hand", "discards", "deck", "buried", "displayed")
             if any(played.name == card for played in getattr(held, name))]
    assert where == ([pile] if pile else [])


@pytest.mark.parametrize(("bane", "buried"), [("Soft Ooze", False), ("Sticky Ooze", True)])
def test_a_bane_may_bury_the_weapon_played_on_a_failed_check_to_defeat(cards, bane, buried):
    """`If you play a weapon on your check to defeat and fail that check, bury the weapon`:
    Brannoc's Test Axe is buried as the check fails (against 99), not when it succeeds
    (against 0), when it stays in his hand."""
    table = laid_out(cards, {"locations": field(bane), "characters": [
        hero("Brannoc Ashvale", hand=["Test Axe"])],
        "script": {"check": [["Test Axe"]], "evade": ["none"]}})
    brannoc = table.characters[0]
    rt.Encounter(table, brannoc, Card(cards[bane]), brannoc.location).run()
    events = table.log.events
    assert bool(events_of(events, "moved", card="Test Axe", to="bury")) == buried
    assert brannoc.pile_of(next(card for card in (*brannoc.hand, *brannoc.buried)
                                if card.name == "Test Axe")) is (
        brannoc.buried if buried else brannoc.hand)


def test_a_card_that_may_not_be_evaded_is_encountered(cards):
    events = play_setup(cards, locations=field("Slippery Eel"),
                        characters=[hero("Brannoc Ashvale", hand=["Smoke Bomb"])])
    assert events_of(events, "cannot_evade") and events_of(events, "defeated")
    assert not events_of(events, "play")


def test_a_card_may_say_it_may_not_be_evaded_and_is_immune_at_once(cards):
    events = play_setup(cards, locations=field("Sealed Eel"), script={"check": [["Torch"]]},
                        characters=[hero("Brannoc Ashvale", hand=["Smoke Bomb", "Torch"])])
    assert events_of(events, "cannot_evade") and not events_of(events, "evaded")
    assert events_of(events, "refused", card="Torch")[0]["reason"] == \
        "Sealed Eel is immune to Fire"


def test_a_card_may_let_another_of_its_type_be_played_on_the_check(cards):
    events = play_setup(cards, locations=field("Iron Brute"),
                        characters=[hero("Brannoc Ashvale", hand=["Twin Charm", "Second Charm"])],
                        script={"check": [["Twin Charm", "Second Charm"]], "evade": ["none"]})
    assert [play["card"] for play in events_of(events, "play")] == ["Twin Charm",
                                                                    "Second Charm"]
    assert checks(events)[0]["added"] == 3


# -- damage the card deals ---------------------------------------------------------------


def test_a_card_can_change_the_kind_and_amount_of_its_damage(cards):
    events = play_setup(cards, locations=field("Fire Giant"),
                        characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
    (check,) = checks(events)
    (damage,) = events_of(events, "damage")
    assert damage["kind"] == "Fire"
    assert damage["amount"] == check["difficulty"] - check["total"] + 1


def test_a_card_can_deal_its_damage_to_each_character_at_the_location(cards):
    events = play_setup(cards, locations=field("Thunder Bird"),
                        characters=[hero("Brannoc Ashvale"), hero("Tamsin Reed")],
                        script={"evade": ["none"]})
    assert sorted(damage["character"] for damage in events_of(events, "damage")) == [
        "Brannoc Ashvale", "Tamsin Reed"]


@pytest.mark.parametrize(("monster", "kind", "amount"), [
    ("Goblin Slinger", "Ranged Combat", 2),  # Ranged Combat damage is Combat damage
    ("Goblin Brawler", "Combat", 1),  # and Combat damage is not Ranged Combat damage
])
def test_text_about_a_damage_type_takes_in_that_type_with_traits(cards, monster, kind, amount):
    events = play_setup(cards, locations=field(monster),
                        characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
    assert [(damage["kind"], damage["amount"]) for damage in events_of(events, "damage")] == [
        (kind, amount)]


# -- cards -------------------------------------------------------------------------------


def test_losing_a_card_of_a_type_takes_only_that_type(cards):
    events = play_setup(cards, locations=field("Ally Thief"),
                        characters=[hero("Brannoc Ashvale", hand=["Pebble", "Test Hound"])])
    (lost,) = events_of(events, "lose_cards")
    assert lost["cards"] == ["Test Hound"]


def test_cards_gained_from_the_box_are_of_the_type_named(cards):
    events = play_setup(cards, locations=field("Treasure Chest"),
                        characters=[hero("Brannoc Ashvale")])
    (gain,) = events_of(events, "gain")
    assert len(gain["cards"]) == 2
    assert all(cards[name].type == "Item" for name in gain["cards"])


def test_cards_gained_from_the_box_have_the_traits_named(cards):
    events = play_setup(cards, locations=field("Axe Hoarder"),
                        characters=[hero("Brannoc Ashvale")])
    (gain,) = events_of(events, "gain")
    assert len(gain["cards"]) == 3
    assert all(cards[name].type == "Weapon" and "Axe" in cards[name].traits
               for name in gain["cards"])


@pytest.mark.parametrize("kind", ["Weapon", "Item"])
def test_a_card_drawn_from_the_box_is_of_the_kind_the_player_names(cards, kind):
    """`draw 1 random weapon or item (your choice) from the box`: the kind named first, then
    a random card of it."""
    events = play_setup(cards, locations=field("Choice Cache"),
                        characters=[hero("Brannoc Ashvale")], script={"box_kind": [kind]})
    (gain,) = events_of(events, "gain")
    assert [cards[name].type for name in gain["cards"]] == [kind]


@pytest.mark.parametrize(("deck", "evaded"), [(["Shy Shade", "Pebble"], True),
                                              (["Shy Shade"], False)])
def test_a_bane_evaded_while_its_deck_holds_other_cards_goes_to_the_bottom(cards, deck,
                                                                          evaded):
    """`if there are other cards in the location deck, the Shy Shade is evaded; put him on
    the bottom of the location deck`: with the pebble left, the shade goes under it
    unfought; alone, it is fought."""
    table = laid_out(cards, {"locations": field(*deck),
                             "characters": [hero("Brannoc Ashvale")],
                             "script": {"evade": ["none"], "check": [[]]}})
    explore(table, table.characters[0])
    assert bool(events_of(table.log.events, "evaded")) is evaded
    assert bool(checks(table.log.events)) is not evaded
    if evaded:
        assert [card.name for card in table.locations[0].deck] == ["Pebble", "Shy Shade"]


@pytest.mark.parametrize(("others", "moved"), [([{"card": "Other Field", "deck": []}], True),
                                               ([], False)])
def test_a_bane_with_no_other_open_location_to_go_to_is_banished(cards, others, moved):
    """`If defeated, shuffle the barrier into a random other open location deck.  If there
    are no other open locations, banish the barrier.`: with the other field open, the wall
    goes there; with none, it is banished."""
    table = laid_out(cards, {"locations": [*field("Roving Wall"), *others],
                             "characters": [hero("Brannoc Ashvale")],
                             "script": {"evade": ["none"], "check": [[]]}})
    explore(table, table.characters[0])
    decks = [card.name for location in table.locations for card in location.deck]
    assert decks == (["Roving Wall"] if moved else [])
    assert bool(events_of(table.log.events, "dispose", place="banish")) is not moved


def test_examining_shows_the_top_cards_and_leaves_them(cards):
    events = play_setup(cards, turns=2,
                        locations=field("Lookout Post", "Sure Thing", "Iron Brute", "Pebble"),
                        characters=[hero("Brannoc Ashvale")])
    (seen,) = events_of(events, "examine")
    assert seen["cards"] == ["Sure Thing", "Iron Brute"]
    # left as they were: the next exploration meets the top one
    assert [event["card"] for event in events_of(events, "encounter")] == ["Lookout Post",
                                                                           "Sure Thing"]


# -- the turn ------------------------------------------------------------------------------


@pytest.mark.parametrize(("first", "encountered"), [("Open Road", 2), ("Dead End", 1)])
def test_exploring_again_and_ending_the_turn(cards, first, encountered):
    events = play_setup(cards, locations=field(first, "Sure Thing"),
                        characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
    assert len(events_of(events, "encounter")) == encountered


# -- the new types -------------------------------------------------------------------------


def test_a_story_bane_is_encountered_as_a_bane_and_loot_acquired_as_a_boon(cards):
    events = play_setup(cards, turns=2, locations=field("Bell Ghost", "Lucky Coin"),
                        characters=[hero("Brannoc Ashvale")])
    assert events_of(events, "defeated", card="Bell Ghost")
    assert events_of(events, "acquired", card="Lucky Coin")


# -- text done at other moments, and where things go ---------------------------------------


@pytest.mark.parametrize(("character", "recharged"),
                         [("Brannoc Ashvale", True), ("Tamsin Reed", False)])
def test_a_card_may_be_recharged_when_its_holder_resets_the_hand(cards, character, recharged):
    """Brannoc is proficient with heavy armors; Tamsin is not, and keeps the plate."""
    events = play_setup(cards, locations=field("Sure Thing"),
                        characters=[hero(character, hand=["Test Plate"])])
    moved = events_of(events, "moved", card="Test Plate")
    assert [event["to"] for event in moved] == (["recharge"] if recharged else [])


def test_moving_to_a_random_location(cards):
    events = play_setup(cards, locations=[*field("Gust"), {"card": "Other Field", "deck": []}],
                        characters=[hero("Brannoc Ashvale")])
    (move,) = events_of(events, "move")
    assert move["to"] == "Other Field"


@pytest.mark.parametrize(("others", "evaded"), [(0, True), (1, False)])
def test_a_card_evades_itself_when_you_are_alone(cards, others, evaded):
    party = [hero("Brannoc Ashvale"), hero("Tamsin Reed")][: 1 + others]
    events = play_setup(cards, locations=field("Shy Imp"), characters=party,
                        script={"evade": ["none"]})
    assert bool(events_of(events, "evaded")) is evaded
    assert bool(checks(events)) is not evaded


def test_a_card_from_the_box_is_shuffled_into_the_location_deck(cards):
    events = play_setup(cards, locations=field("Gate Spawner"),
                        characters=[hero("Brannoc Ashvale")])
    (shuffled,) = events_of(events, "shuffled_in")
    assert cards[shuffled["card"]].type == "Monster"


def test_a_defeated_card_may_be_displayed_rather_than_banished(cards):
    events = play_setup(cards, locations=field("Trophy Beast"),
                        characters=[hero("Brannoc Ashvale")])
    (put_away,) = events_of(events, "put_away", card="Trophy Beast")
    assert put_away["where"] == "displayed next to the scenario"


def test_the_top_cards_of_the_deck_are_lost_in_order(cards):
    deck = [*PEBBLES[:5], "Test Hound", "Smoke Bomb", *PEBBLES]  # the first 5 are drawn
    events = play_setup(cards, locations=field("Mill Wraith"),
                        characters=[hero("Brannoc Ashvale", deck=deck)])
    (lost,) = events_of(events, "lose_cards")
    assert (lost["action"], lost["cards"]) == ("bury", ["Test Hound", "Smoke Bomb"])


def test_if_you_succeed_and_if_you_fail_ask_about_the_last_check(cards):
    events = play_setup(cards, locations=field("Judge"), characters=[hero("Brannoc Ashvale")])
    assert events_of(events, "draw") and not events_of(events, "lose_cards")


@pytest.mark.parametrize(("blessings", "recharged"),
                         [(["Blessing of Echoes"], True), (["Hearthward Blessing"], False),
                          ([], False)])
def test_a_blessing_that_matches_the_blessings_discard_pile_is_recharged(cards, blessings,
                                                                       recharged):
    """The turn discards the blessings deck's top card; the played blessing is recharged when
    that card has its name."""
    events = play_setup(cards, blessings=blessings, locations=field("Iron Brute"),
                        characters=[hero("Brannoc Ashvale", hand=["Blessing of Echoes"])],
                        script={"check": [["Blessing of Echoes"]], "evade": ["none"]})
    moved = events_of(events, "moved", card="Blessing of Echoes")
    assert [event["to"] for event in moved] == (["recharge"] if recharged else [])
    assert [event["card"] for event in events_of(events, "blessing")] == blessings


@pytest.mark.parametrize(("blessings", "difficulty"),
                         [(["Hearthward Blessing", "Blessing of Echoes"], 25),
                          (["Blessing of Echoes", "Hearthward Blessing"], 5), ([], 5)])
def test_a_bane_may_ask_which_card_tops_the_blessings_discard_pile(cards, blessings,
                                                                   difficulty):
    """`examine the top card of the blessings discard pile`, then `If the card is Blessing of
    Echoes, ...`: the card the turn discarded last, asked about by its name; an empty pile
    shows none, which is no card."""
    table = laid_out(cards, {"locations": field("Omen Hound"), "blessings": blessings,
                             "characters": [hero("Brannoc Ashvale")]})
    # Turns have discarded the whole blessings deck, its top card first.
    table.blessings_discard, table.blessings_deck = table.blessings_deck, []
    brannoc = table.characters[0]
    rt.Encounter(table, brannoc, brannoc.location.deck.pop(0), brannoc.location).run()
    (examined,) = events_of(table.log.events, "examine")
    assert examined["cards"] == blessings[-1:]
    assert [event["difficulty"] for event in checks(table.log.events)] == [difficulty]


@pytest.mark.parametrize(("blessings", "recharged"),
                         [(["Hearthward Blessing"], True), (["Blessing of Echoes"], False),
                          ([], False)])
def test_a_blessing_recharged_by_the_traits_of_the_blessings_discard_pile(cards, blessings,
                                                                          recharged):
    """The Hearthward Blessing has the Divine trait; the Blessing of Echoes has none."""
    events = play_setup(cards, blessings=blessings, locations=field("Iron Brute"),
                        characters=[hero("Brannoc Ashvale", hand=["Blessing of Kin"])],
                        script={"check": [["Blessing of Kin"]], "evade": ["none"]})
    moved = events_of(events, "moved", card="Blessing of Kin")
    assert [event["to"] for event in moved] == (["recharge"] if recharged else [])


@pytest.mark.parametrize(("other", "recharged"), [
    (["Tainted Blessing"], True), (["Hearthward Blessing"], False), ([], False)])
def test_a_blessing_recharged_when_the_hand_holds_another_card_with_a_trait(cards, other,
                                                                          recharged):
    """`If you have another blessing that has the Corrupted trait in your hand, ...`: the
    Tainted Blessing has it, the Hearthward Blessing does not."""
    events = play_setup(cards, locations=field("Iron Brute"),
                        characters=[hero("Brannoc Ashvale", hand=["Pact Blessing", *other])],
                        script={"check": [["Pact Blessing"]], "evade": ["none"]})
    moved = events_of(events, "moved", card="Pact Blessing")
    assert [event["to"] for event in moved] == (["recharge"] if recharged else [])


def test_displaying_a_scourge_next_to_your_deck_is_suffering_it(cards):
    """The later printing's `display the scourge ... next to your deck` reads as `suffer`."""
    events = play_setup(cards, locations=field("Bad Dream"), characters=[hero("Brannoc Ashvale")])
    (scourge,) = events_of(events, "scourge")
    assert (scourge["character"], scourge["card"]) == ("Brannoc Ashvale", "Test Scourge")


def test_each_scourge_named_is_suffered_in_turn(cards):
    """`suffer the scourges Test Scourge and Shaken`: both, in the order written."""
    events = play_setup(cards, locations=field("Double Dread"),
                        characters=[hero("Brannoc Ashvale")])
    assert [(event["character"], event["card"]) for event in events_of(events, "scourge")] == [
        ("Brannoc Ashvale", "Test Scourge"), ("Brannoc Ashvale", "Shaken")]


def test_a_check_attempted_then_asked_about(cards):
    """`attempt` makes a check with no consequence of its own; `if you fail` then asks about
    it, and the character suffers the Scourge named."""
    events = play_setup(cards, locations=field("Nightmare"), characters=[hero("Brannoc Ashvale")])
    (scourge,) = events_of(events, "scourge")
    assert checks(events)[0]["result"] == "failure"
    assert (scourge["character"], scourge["card"]) == ("Brannoc Ashvale", "Test Scourge")


def test_a_sentence_that_asks_how_the_check_went_goes_on_with_the_one_before(cards):
    """`If you succeed, ...; if you fail, ...` as a sentence of its own is done with the
    sentence before, after its check (`If defeated, attempt ...`), not from the start of the
    encounter, when no check was made yet."""
    events = play_setup(cards, locations=field("Parting Riddle"),
                        characters=[hero("Brannoc Ashvale")])
    defeat, riddle = checks(events)
    assert (defeat["result"], riddle["result"]) == ("success", "failure")
    (buried,) = [event for event in events_of(events, "lose_cards", action="bury")]
    assert buried["seq"] > riddle["seq"] and len(buried["cards"]) == 1


@pytest.mark.parametrize(("bane", "damaged"), [("Grave Bat", True), ("Tame Bat", False)])
def test_a_bane_may_ask_whether_it_dealt_damage(cards, bane, damaged):
    """Undefeated, the Grave Bat dealt damage (the failed check's) and a card of the
    discard pile is buried after the encounter; the Tame Bat, defeated, dealt none."""
    events = play_setup(cards, locations=field(bane), characters=[hero("Brannoc Ashvale")],
                        script={"evade": ["none"]})
    assert bool(events_of(events, "damage")) == damaged
    buried = events_of(events, "lose_cards", action="bury")
    assert [len(event["cards"]) for event in buried] == ([1] if damaged else [])


@pytest.mark.parametrize("hand", [[], ["Pebble", "Pebble"]])
def test_a_bane_may_ask_whether_its_damage_cost_cards(cards, hand):
    """Brannoc fails against the Lash Cultist and is dealt damage: with cards in hand he
    discards some, and the top card of his discard pile, the last one discarded, is buried;
    with none he discards none, and the Test Axe he discarded before stays."""
    table = laid_out(cards, {"locations": field("Lash Cultist"),
                             "characters": [hero("Brannoc Ashvale")],
                             "script": {"evade": ["none"]}})
    brannoc = table.characters[0]
    brannoc.hand = [Card(cards[name]) for name in hand]
    brannoc.discards = [Card(cards["Test Axe"])]
    rt.Encounter(table, brannoc, Card(cards["Lash Cultist"]), brannoc.location).run()
    assert [card.name for card in brannoc.buried] == (["Pebble"] if hand else [])
    assert [card.name for card in brannoc.discards] == (["Test Axe", "Pebble"] if hand
                                                        else ["Test Axe"])


@pytest.mark.parametrize("others", [[], ["Tamsin Reed"], ["Tamsin Reed", "Ilsa Thornquill"]])
def test_an_effect_for_each_other_character_here_is_done_that_many_times(cards, others):
    """Brannoc fails against the Pack Howler: the failed check's damage, then 1 Cold damage
    for each other character at his location."""
    events = play_setup(cards, locations=field("Pack Howler"),
                        characters=[hero("Brannoc Ashvale"), *map(hero, others)],
                        script={"evade": ["none"]})
    cold = [event["amount"] for event in events_of(events, "damage", character="Brannoc Ashvale")
            if event["kind"] == "Cold"]
    assert cold == [1] * len(others)


def test_damage_with_no_one_named_falls_on_whom_the_effect_before_did(cards):
    events = play_setup(cards, locations=field("Venom Toad"),
                        characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
    (check,) = checks(events)
    assert [(event["amount"], event["kind"]) for event in events_of(events, "damage")] == [
        (check["difficulty"] - check["total"], "Combat"), (1, "Combat"), (2, "Poison")]


def test_damage_that_comes_to_less_than_nothing_is_none(cards):
    """`1d4-4` is at most 0: no card is discarded for it."""
    for seed in range(1, 6):
        events = play_setup(cards, seed, locations=field("Weak Nip"),
                            characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
        assert [event["amount"] for event in events_of(events, "damage")] == [0]
        assert not events_of(events, "discarded")


def test_each_character_at_the_location_may_encounter_the_card(cards):
    """Tamsin encounters the Tangle Cat alongside Brannoc, first; if she does not defeat
    it, it is undefeated and Brannoc makes no check; otherwise his check decides."""
    seen = set()
    for seed in range(1, 31):
        events = play_setup(cards, seed, locations=field("Tangle Cat"),
                            characters=[hero("Brannoc Ashvale"), hero("Tamsin Reed")],
                            script={"evade": ["none"] * 2, "close": [False]})
        tamsin, *rest = checks(events)
        assert tamsin["character"] == "Tamsin Reed"
        assert events_of(events, "encounter", character="Tamsin Reed",
                         origin="alongside another character")
        outcome = events_of(events, "defeated", card="Tangle Cat")
        if tamsin["result"] == "failure":
            assert rest == [] and len(events_of(events, "undefeated", card="Tangle Cat")) == 2
        else:
            (brannoc,) = rest
            assert len(outcome) == 1 + (brannoc["result"] == "success")
        seen.add(tamsin["result"])
    assert seen == {"success", "failure"}


def test_a_bane_undefeated_may_be_encountered_by_another_character_then(cards):
    """`The first time Slinking Thief is undefeated this turn, a random character at this
    location encounters her.`: Brannoc fails, then one of the two here, as the dice pick,
    Brannoc again or Tamsin, encounters it (once: that encounter's own undefeated outcome is
    not the first this turn).  The seeds pick each."""
    picked = set()
    for seed in range(1, 11):
        events = play_setup(cards, seed, locations=field("Slinking Thief"),
                            characters=[hero("Brannoc Ashvale"), hero("Tamsin Reed")],
                            script={"evade": ["none"] * 2})
        first, second = checks(events)
        assert first["character"] == "Brannoc Ashvale"
        picked.add(second["character"])
    assert picked == {"Brannoc Ashvale", "Tamsin Reed"}


@pytest.mark.parametrize(("played", "defeated"), [
    ([], False), (["Blessing of Echoes"], False), (["Magic Sword"], False),
    (["Magic Sword", "Blessing of Echoes"], True)])
def test_either_of_two_conditions_on_the_check_to_defeat(cards, played, defeated):
    """`If the check to defeat is either not blessed or does not have the Magic trait, this
    monster is undefeated.`: only a check with a blessing played on it and the Magic trait
    (the sword's) defeats the Combat 1 wraith."""
    events = play_setup(cards, locations=field("Picky Wraith"),
                        characters=[hero("Brannoc Ashvale", hand=played)],
                        script={"check": [played], "evade": ["none"]})
    assert [event["card"] for event in events_of(events, "play")] == played
    assert bool(events_of(events, "defeated", card="Picky Wraith")) == defeated


def test_damage_may_cost_the_top_cards_of_the_deck(cards):
    """`When you discard cards as damage, discard them from the top of your deck.`: the
    cards Brannoc loses are his deck's top ones, in order; his hand keeps its cards."""
    table = laid_out(cards, {"locations": field("Grave Chill"),
                             "characters": [hero("Brannoc Ashvale",
                                                 deck=["Iron Wall", *PEBBLES])],
                             "script": {"evade": ["none"], "check": [[]]}})
    brannoc = table.characters[0]
    hand, deck = list(brannoc.hand), list(brannoc.deck)
    rt.Encounter(table, brannoc, brannoc.location.deck.pop(0), brannoc.location).run()
    (discarded,) = events_of(table.log.events, "discarded")
    assert discarded["cards"] == [card.name for card in deck[:len(discarded["cards"])]]
    assert discarded["cards"] and brannoc.hand == hand
    assert brannoc.deck == deck[len(discarded["cards"]):]


@pytest.mark.parametrize(("bane", "kept"), [("Hand Thief", True), ("Runaway Imp", False)])
def test_a_bane_may_say_the_hand_is_not_reset_at_the_end_of_the_turn(cards, bane, kept):
    """Both banes deal their damage (cards discarded); only after the Hand Thief is the hand
    left short at the turn's end (Brannoc's holds 5)."""
    events = play_setup(cards, locations=field(bane), characters=[hero("Brannoc Ashvale")],
                        script={"evade": ["none"]})
    assert events_of(events, "discarded")
    (end,) = events_of(events, "end_turn")
    assert (end["hand"] < 5) == kept == bool(events_of(events, "hand_kept"))


@pytest.mark.parametrize(("next_card", "taken"), [("Pebble", True), ("Sure Thing", False)])
def test_a_card_examined_is_asked_about_and_may_be_taken(cards, next_card, taken):
    """Defeated, the Lucky Digger has the top card of the location deck examined: a boon
    (the Pebble) goes to Brannoc's hand; a monster stays where it was."""
    table = laid_out(cards, {"locations": field("Lucky Digger", next_card),
                             "characters": [hero("Brannoc Ashvale")]})
    brannoc = table.characters[0]
    location = brannoc.location
    rt.Encounter(table, brannoc, location.deck.pop(0), location).run()
    assert [card.name for card in location.deck] == ([] if taken else [next_card])
    assert (brannoc.hand[-1].name == next_card) == taken


@pytest.mark.parametrize(("top", "discarded"), [("Test Axe", True), ("Pebble", False)])
def test_a_card_examined_in_your_deck_is_discarded_or_drawn(cards, top, discarded):
    """`If it is a weapon or spell, discard it; otherwise, draw it.`"""
    table = laid_out(cards, {"locations": field("Sorting Gate"),
                             "characters": [hero("Brannoc Ashvale", deck=[top] * 9)]})
    brannoc = table.characters[0]
    hand, deck = len(brannoc.hand), len(brannoc.deck)
    location = brannoc.location
    rt.Encounter(table, brannoc, location.deck.pop(0), location).run()
    assert len(brannoc.deck) == deck - 1
    assert [card.name for card in brannoc.discards] == ([top] if discarded else [])
    assert len(brannoc.hand) == hand + (0 if discarded else 1)


@pytest.mark.parametrize(("plays", "axe_played"), [
    ([["Narrow Charm", "Test Axe"], []], False), ([["Narrow Charm"], ["Test Axe"]], True)])
def test_a_card_may_forbid_cards_on_the_check_it_is_played_on(cards, plays, axe_played):
    """`you may not play a weapon on this check`: the axe is refused after the charm on the
    same check, and allowed on the next check of the same encounter."""
    events = play_setup(cards, locations=field("Twin Guard"),
                        characters=[hero("Brannoc Ashvale", hand=["Narrow Charm", "Test Axe"])],
                        script={"evade": ["none"], "check": plays})
    assert bool(events_of(events, "play", card="Test Axe")) == axe_played
    assert bool(events_of(events, "refused", card="Test Axe")) != axe_played


def test_damage_may_be_as_many_points_as_cards_of_a_kind_in_a_hand(cards):
    """The Glass Wyrm deals a point for each spell with the Attack trait and each weapon in
    Brannoc's hand (the Force Bolt and the Test Axe; not the Mind Blade or the Pebbles), to
    whichever character the dice pick; the Mirror Hag deals each character a point for each
    weapon in that character's own hand; the Glass Titan, 2 points more than Brannoc's
    weapons."""
    hands = {"Brannoc Ashvale": ["Test Axe", "Force Bolt", "Mind Blade", "Pebble", "Pebble"],
             "Tamsin Reed": ["Test Axe", "Test Axe", "Pebble", "Pebble", "Pebble"]}
    for bane, dealt in (("Glass Wyrm", {2}), ("Mirror Hag", {1, 2}), ("Glass Titan", {3})):
        events = play_setup(cards, locations=field(bane),
                            characters=[hero(name, hand=hand) for name, hand in hands.items()],
                            script={"evade": ["none"], "check": [[]]})
        damage = events_of(events, "damage")
        assert {event["amount"] for event in damage} == dealt
        if bane == "Mirror Hag":
            assert {(event["character"], event["amount"]) for event in damage} == {
                ("Brannoc Ashvale", 1), ("Tamsin Reed", 2)}


def test_a_window_inside_if_undefeated_and_a_blessing_lost(cards):
    """The barrier is undefeated: after the encounter, the whole hand is buried (and no card
    is drawn); the blessing it discards is a turn less, so a 2-turn scenario ends after 1."""
    events = play_setup(cards, turns=2, locations=field("Hourglass", "Hourglass"),
                        characters=[hero("Brannoc Ashvale", hand=["Pebble"])],
                        script={"evade": ["none"]})
    buried = events_of(events, "lose_cards", action="bury")
    assert buried and buried[0]["cards"] == ["Pebble"] * 5
    assert not events_of(events, "draw", count=1)
    (outcome,) = events_of(events, "outcome")
    assert outcome["reason"] == "the blessings deck ran out after 1 turn"


def test_a_card_can_make_a_check_succeed_whatever_the_dice_say(cards):
    events = play_setup(cards, locations=field("Hopeless Stones"),
                        characters=[hero("Brannoc Ashvale", hand=["Sure Step"])],
                        script={"check": [["Sure Step"]]})
    (check,) = checks(events)
    assert check["total"] < check["difficulty"] and check["result"] == "success"


def test_a_then_sentence_is_done_with_the_sentence_before(cards):
    events = play_setup(cards, locations=field("Echoing Cave"), script={"may": [False]},
                        characters=[hero("Brannoc Ashvale")])
    done = [event["event"] for event in events if event["event"] in ("draw", "lose_cards",
                                                                      "check")]
    assert done == ["draw", "lose_cards", "check"]


@pytest.mark.parametrize(("hand", "result"), [([], "failure"), (["Magic Sword"], "success")])
def test_text_about_the_check_to_defeat_is_done_on_that_check(cards, hand, result):
    """Without a Magic card the knight is undefeated whatever the dice say; with the Magic
    sword it may be defeated, less 2 for each of the check's two dice."""
    events = play_setup(cards, locations=field("Ghost Knight"),
                        script={"evade": ["none"], "check": [hand]},
                        characters=[hero("Brannoc Ashvale", hand=hand)])
    (check,) = checks(events)
    assert check["result"] == result
    if hand:
        (roll,) = events_of(events, "roll")
        assert check["added"] == roll["total"] - 2 * 2


def test_a_card_its_own_text_forbids_is_not_played(cards):
    """The shield may not be played on a check a 2-handed weapon was played on."""
    events = play_setup(cards, locations=field("Iron Brute"), script={"evade": ["none"],
                        "check": [["War Maul", "Round Shield"]]},
                        characters=[hero("Brannoc Ashvale", hand=["War Maul", "Round Shield"])])
    (refused,) = events_of(events, "refused", card="Round Shield")
    assert refused["reason"] == "its own text forbids playing it now"
    assert [play["card"] for play in events_of(events, "play")] == ["War Maul"]


def test_checks_that_grow_with_the_adventure_deck_number(cards):
    """Adventure 3: the wisdom check is 2 + 3, the check to defeat 1 + twice 3."""
    events = play_setup(cards, adventure_deck=3, locations=field("Growing Wall"),
                        characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
    assert [check["difficulty"] for check in checks(events)] == [5, 7]


def test_a_card_can_shuffle_the_location_deck(cards):
    deck = ["Quicksand", "Sure Thing", "Iron Brute", "Pebble", "Test Hound"]
    events = play_setup(cards, locations=field(*deck), characters=[hero("Brannoc Ashvale")])
    assert events_of(events, "shuffled", location="Plain Field")


@pytest.mark.parametrize(("hand", "dice"), [(["Torch"], ["2d10"]), ([], [])])
def test_a_bane_may_add_dice_to_checks_with_a_trait(cards, hand, dice):
    """Brannoc's combat check is a Melee d10: with the Fire torch, 2 more d10s."""
    events = play_setup(cards, locations=field("Tinder Tree"), characters=[hero(
        "Brannoc Ashvale", hand=hand)], script={"evade": ["none"], "check": [hand]})
    assert [roll["dice"] for roll in events_of(events, "roll")] == dice


def test_characters_who_succeed_and_who_fail_at_a_check_attempted_together(cards):
    """Difficulty 0: both succeed, and so both take the 1 damage of those who succeed, after
    the checks that sentence continues."""
    events = play_setup(cards, locations=field("Lightning Field"),
                        characters=[hero("Brannoc Ashvale"), hero("Tamsin Reed")])
    kinds = [event["event"] for event in events if event["event"] in ("check", "damage")]
    assert kinds[:4] == ["check", "check", "damage", "damage"]
    assert [damage["amount"] for damage in events_of(events, "damage")] == [1, 1]


@pytest.mark.parametrize(("played", "added"), [(["Test Axe"], 4), (["Twin Charm"], 1)])
def test_a_held_card_joins_in_when_another_weapon_is_played(cards, played, added):
    """The knife is held: when the axe (a weapon) is played it adds 2 more; the charm (an
    item) calls nothing from it."""
    events = play_setup(cards, locations=field("Iron Brute"), script={
        "evade": ["none"], "check": [played]},
        characters=[hero("Brannoc Ashvale", hand=[*played, "Off-Hand Knife"])])
    assert checks(events)[0]["added"] == added


@pytest.mark.parametrize(("others", "into"), [(["Other Field"], "Other Field"),
                                              ([], "Plain Field")])
def test_a_bane_may_shuffle_itself_into_a_random_other_open_location(cards, others, into):
    """With no other open location to pick, it goes back into its own (docs/rulings.md)."""
    locations = [*field("Runaway Imp"), *({"card": other, "deck": []} for other in others)]
    events = play_setup(cards, locations=locations, characters=[hero("Brannoc Ashvale")])
    (put,) = events_of(events, "put_away", card="Runaway Imp")
    assert put["where"] == f"shuffled into {into}'s deck"


def test_a_random_open_location_may_be_the_cards_own(cards):
    """The dice pick among every open location, its own among them."""
    places = set()
    for seed in range(1, 13):
        events = play_setup(cards, seed, characters=[hero("Brannoc Ashvale")], locations=[
            *field("Roaming Imp"), {"card": "Other Field", "deck": []}])
        places |= {put["where"] for put in events_of(events, "put_away", card="Roaming Imp")}
    assert places == {"shuffled into Plain Field's deck", "shuffled into Other Field's deck"}


@pytest.mark.parametrize(("bane", "defeated_by_card"), [("Iron Door", True),
                                                        ("Quicksand", False)])
def test_a_card_may_defeat_a_bane_it_describes_with_no_check(cards, bane, defeated_by_card):
    """The Iron Door has the Lock trait and a check no one passes: the pick defeats it and no
    check is made.  The Quicksand has no Lock trait: the pick is not played."""
    events = play_setup(cards, locations=field(bane),
                        characters=[hero("Brannoc Ashvale", hand=["Lock Pick"])])
    assert bool(events_of(events, "defeated_by_card", card=bane)) == defeated_by_card
    assert bool(events_of(events, "play", card="Lock Pick")) == defeated_by_card
    assert bool(checks(events)) != defeated_by_card
    assert events_of(events, "defeated", card=bane)


@pytest.mark.parametrize(("monster", "offered"), [("Iron Brute", True), ("Sealed Eel", True),
                                                  ("Hundred Hands", False)])
def test_a_card_may_take_in_banes_by_their_highest_difficulty(cards, monster, offered):
    """Combat 10 and Combat 0 are 12 or lower; Combat 8 then Combat 13 is not."""
    script = {"defeat": ["Giant Slayer"]} if offered else {}
    events = play_setup(cards, locations=field(monster), script=script,
                        characters=[hero("Brannoc Ashvale", hand=["Giant Slayer"])])
    assert bool(events_of(events, "defeated_by_card", card=monster)) == offered


@pytest.mark.parametrize(("bane", "offered"), [("Cunning Brute", True), ("Iron Brute", True),
                                               ("Rune Door", False)])
def test_a_card_may_take_in_banes_by_their_highest_combat_value(cards, bane, offered):
    """Of combat checks only: Combat 9 or Arcane 14 has a combat value of 9; a door with a
    Strength check has none."""
    script = {"defeat": ["Brute Breaker"]} if offered else {}
    events = play_setup(cards, locations=field(bane), script={**script, "evade": ["none"]},
                        characters=[hero("Brannoc Ashvale", hand=["Brute Breaker"])])
    assert bool(events_of(events, "defeated_by_card", card=bane)) == offered


@pytest.mark.parametrize(("crate", "defeated"), [("Gated Crate", False), ("Open Crate", True)])
def test_an_outcome_settled_by_a_card_summoned_before_the_encounter(cards, crate, defeated):
    """`Before the encounter, summon and encounter ...`, then `If you do not defeat the Iron
    Gate, the Gated Crate is undefeated`: asked once the gate (Strength 99) has been met, as
    the crate's own check would be made, though the sentence comes first in the encounter."""
    events = play_setup(cards, locations=field(crate), script={"evade": ["none"]},
                        characters=[hero("Brannoc Ashvale")])
    assert bool(events_of(events, "defeated", card=crate)) == defeated
    assert bool(events_of(events, "settled", card=crate)) != defeated


@pytest.mark.parametrize(("top", "encountered"), [("Iron Brute", True), ("Tangle Cat", False)])
def test_a_card_examined_may_be_of_a_kind_other_than_some(cards, top, encountered):
    """`If it is a monster other than a henchman or villain, you may encounter it`: the Iron
    Brute is met; the Tangle Cat, a henchman (which is a monster too), is not."""
    table = laid_out(cards, {"locations": field(top),
                             "characters": [hero("Brannoc Ashvale", hand=["Sense Beasts"])]})
    play_first_power(cards, table)
    assert bool(events_of(table.log.events, "encounter", card=top)) == encountered


@pytest.mark.parametrize(("holder", "played"), [("Brannoc Ashvale", True),
                                                 ("Tamsin Reed", False)])
def test_a_power_played_only_in_its_holders_own_turn(cards, holder, played):
    """`During your turn, reveal this card to add 2 to any check`: in Brannoc's turn, on his
    check against the door, he may play it; Tamsin, beside him, may not."""
    heroes = {name: hero(name, hand=["Kindred Charm"] if name == holder else [])
              for name in ("Brannoc Ashvale", "Tamsin Reed")}
    events = play_setup(cards, locations=field("Rune Door"), script={"evade": ["none"]},
                        characters=list(heroes.values()))
    assert bool(events_of(events, "play", card="Kindred Charm")) == played


@pytest.mark.parametrize(("bane", "added"), [("Restless Bones", 3), ("Iron Brute", 1)])
def test_an_addition_only_against_a_kind_of_bane(cards, bane, added):
    """`Add another 2 against a bane with the Undead trait`, after the sling's power: 2 more
    on the check against the Undead bones, none against the brute."""
    events = play_setup(cards, locations=field(bane), script={"evade": ["none"],
                                                              "check": [["Dawnlight Sling"]]},
                        characters=[hero("Brannoc Ashvale", hand=["Dawnlight Sling"])])
    (check,) = checks(events)
    assert check["added"] == added


def test_an_addition_after_any_power_adds_to_no_check_when_none_is_made(cards):
    """The cudgel's `Add another 2 against ...` is done after each of its powers: played to
    evade the Undead bones, there is no check for it to add to, and the evasion stands."""
    events = play_setup(cards, locations=field("Restless Bones"), script={
        "evade": ["Dawnlight Cudgel"]},
        characters=[hero("Brannoc Ashvale", hand=["Dawnlight Cudgel"])])
    assert events_of(events, "no_check", card="Dawnlight Cudgel", amount=2)
    assert events_of(events, "evaded", card="Restless Bones")
    assert not checks(events)


@pytest.mark.parametrize(("archer_at", "added"), [("Other Field", True), ("Plain Field", False)])
def test_a_card_may_add_to_a_check_at_another_location_only(cards, archer_at, added):
    """Brannoc (proficient with weapons) holds the bow: it adds to Tamsin's combat check only
    from another location."""
    events = play_setup(cards, locations=[*field("Iron Brute"),
                                          {"card": "Other Field", "deck": []}],
                        characters=[hero("Tamsin Reed"),
                                    {**hero("Brannoc Ashvale", hand=["Long Bow"]),
                                     "location": archer_at}],
                        script={"evade": ["none"], "check": [["Long Bow"] if added else []]})
    assert bool(events_of(events, "play", card="Long Bow", character="Brannoc Ashvale")) == added


def test_a_power_with_a_condition_is_played_only_by_whoever_meets_it(cards):
    """Tamsin is not proficient with weapons: the bow is not hers to play."""
    events = play_setup(cards, locations=[*field("Iron Brute"),
                                          {"card": "Other Field", "deck": []}],
                        characters=[hero("Brannoc Ashvale"),
                                    {**hero("Tamsin Reed", hand=["Long Bow"]),
                                     "location": "Other Field"}])
    assert events_of(events, "check") and not events_of(events, "play", card="Long Bow")


@pytest.mark.parametrize(("character", "pays", "dice"), [
    ("Brannoc Ashvale", True, ["1d10"]), ("Tamsin Reed", True, ["1d6"]),
    ("Brannoc Ashvale", False, [])])
def test_a_card_may_add_its_holders_unmodified_skill_die(cards, character, pays, dice):
    """Brannoc's Strength is d10+1 and Tamsin's d6: the die added is theirs, with no bonus."""
    events = play_setup(cards, locations=field("Iron Brute"), characters=[
        hero(character, hand=["Shock Maul"])], script={
        "evade": ["none"], "check": [["Shock Maul"]], "may": [pays]})
    assert [roll["dice"] for roll in events_of(events, "roll")] == dice


def test_a_bane_may_halve_the_damage_it_deals_rounding_up(cards):
    """Failing by the shortfall deals that much Combat damage; 2 more, then halved, an odd
    amount rounded up (the seeds give both)."""
    dealt = []
    for seed in range(1, 7):
        events = play_setup(cards, seed, locations=field("Soft Giant"),
                            script={"evade": ["none"]}, characters=[hero("Brannoc Ashvale")])
        (check,) = checks(events)
        dealt.append((check["difficulty"] - check["total"] + 2,
                      events_of(events, "damage")[0]["amount"]))
    assert all(halved == (before + 1) // 2 for before, halved in dealt)
    assert {before % 2 for before, _ in dealt} == {0, 1}


def test_a_card_may_return_one_from_the_discard_pile_to_the_hand(cards):
    """Of the allies in the discard pile, the one with a power comes back (not the first or
    the last); the item stays."""
    table = laid_out(cards, {"locations": field("Sure Thing"),
                             "characters": [hero("Brannoc Ashvale", hand=["Grave Call"])]})
    brannoc = table.characters[0]
    brannoc.discards = [Card(cards[name]) for name in
                        ("Test Hound", "Loyal Hound", "Twin Charm", "Test Hound")]
    spell = brannoc.hand[0]
    encounter = rt.Encounter(table, brannoc, Card(cards["Sure Thing"]), brannoc.location)
    encounter.use_power(brannoc, spell, spell.defn.powers[0])
    assert brannoc.hand[-1].name == "Loyal Hound"
    assert [card.name for card in brannoc.discards] == ["Test Hound", "Twin Charm",
                                                        "Test Hound"]


def test_a_card_examined_may_be_encountered_at_once(cards):
    """The wall, defeated, examines the next card: the shade says to encounter it, with its
    difficulty 3 higher, and it leaves the location deck for that encounter."""
    events = play_setup(cards, locations=field("Peeking Wall", "Lurking Shade", "Sure Thing"),
                        characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
    assert [(check["purpose"], check["difficulty"]) for check in checks(events)][:2] == [
        ("to defeat Peeking Wall", 0), ("to defeat Lurking Shade", 3)]
    assert events_of(events, "window", window="when examined", card="Lurking Shade")
    assert [event["card"] for event in events_of(events, "encounter")] == [
        "Peeking Wall", "Lurking Shade"]


@pytest.mark.parametrize(("answer", "deck"), [
    (True, ["Pebble", "Pebble", "Shy Sigil"]), (False, ["Shy Sigil", "Pebble", "Pebble"])])
def test_a_card_examined_may_put_itself_at_an_end_of_its_deck(cards, answer, deck):
    """`When you examine this card, you may put it back on either the top or bottom of the
    deck it came from.`: examined by the wall's text, the sigil goes to the bottom (the end
    the player picks by default, docs/rulings.md) if the player wants it to."""
    table = laid_out(cards, {"locations": field("Peeking Wall", "Shy Sigil", "Pebble",
                                                "Pebble"),
                             "characters": [hero("Brannoc Ashvale")],
                             "script": {"evade": ["none"], "may": [answer]}})
    brannoc = table.characters[0]
    rt.Encounter(table, brannoc, brannoc.location.deck.pop(0), brannoc.location).run()
    assert [card.name for card in brannoc.location.deck] == deck


@pytest.mark.parametrize(("location", "damaged"), [
    (["Peeking Wall", "Veiled Watcher"], False), (["Veiled Watcher"], True)])
def test_a_card_examined_and_encountered_may_leave_its_before_you_act_text_undone(
        cards, location, damaged):
    """`When you examine this card, encounter it and ignore its before you act power.`:
    examined by the wall's text, the watcher deals no damage before the check; explored, as
    any card is, it deals its 1 Poison damage."""
    events = play_setup(cards, locations=field(*location), characters=[hero("Brannoc Ashvale")],
                        script={"evade": ["none"]})
    assert [event["card"] for event in events_of(events, "encounter")][-1] == "Veiled Watcher"
    assert bool(events_of(events, "window", window="before the encounter",
                          card="Veiled Watcher")) is damaged
    assert bool(events_of(events, "damage")) is damaged


@pytest.mark.parametrize(("boots", "moved"), [("Swift Boots", False), ("Warp Boots", True)])
def test_a_bane_faceup_on_the_location_deck_keeps_the_characters_there(cards, boots, moved):
    """The Snow Wall, undefeated, tops the location deck and keeps Brannoc at the field:
    `Recharge this card to move.` leaves him there; with `Ignore any movement restrictions.`
    after it, he goes."""
    table = laid_out(cards, {"locations": [*field("Snow Wall"), {"card": "Other Field",
                                                                 "deck": []}],
                             "characters": [hero("Brannoc Ashvale", hand=[boots])],
                             "script": {"evade": ["none"], "check": [[]]}})
    brannoc = table.characters[0]
    explore(table, brannoc)
    assert [card.name for card in table.locations[0].deck] == ["Snow Wall"]
    play_first_power(cards, table)
    assert (brannoc.location.name == "Other Field") is moved
    assert bool(events_of(table.log.events, "move_prevented")) is not moved


@pytest.mark.parametrize(("deck", "moved"), [(["Snow Wall"], False), (["Snow Drift"], False),
                                             (["Rising Wall"], True)])
def test_a_turn_s_move_is_kept_from_going_by_a_bane_that_tops_the_deck(cards, deck, moved):
    """In the second turn Brannoc would move to the other field: the Snow Wall on top of his
    location's deck keeps him there, and he meets it again as he explores (the Snow Drift
    says he does, first); the Rising Wall, which says nothing of it, does not."""
    events = play_setup(cards, turns=2, locations=[*field(*deck), {"card": "Other Field",
                                                                    "deck": []}],
                        characters=[hero("Brannoc Ashvale")],
                        script={"evade": ["none", "none"], "move": ["none", "Other Field"]})
    assert bool(events_of(events, "move", character="Brannoc Ashvale")) is moved
    assert bool(events_of(events, "move_prevented")) is not moved
    assert [event["card"] for event in events_of(events, "encounter")] == \
        deck * (1 if moved else 2)


def test_a_check_may_be_made_with_one_skill_and_another_skills_die_added(cards):
    """Tamsin's combat check with the staff: her Dexterity d10 (not her Strength d6), then
    her Strength d6 with no bonus, and 1."""
    events = play_setup(cards, locations=field("Iron Brute"), characters=[
        hero("Tamsin Reed", hand=["Sling Staff"])], script={
        "evade": ["none"], "check": [["Sling Staff"]]})
    assert events_of(events, "uses_skill", skill="Dexterity")
    assert [roll["dice"] for roll in events_of(events, "roll")] == ["1d6"]
    (check,) = checks(events)
    assert (check["skill"], check["sides"]) == ("Dexterity", 10)


@pytest.mark.parametrize(("ward", "where", "played"), [
    ("Far Ward", "Other Field", True), ("Near Ward", "Plain Field", True),
    ("Near Ward", "Other Field", False)])
def test_a_card_may_reduce_another_characters_damage(cards, ward, where, played):
    """Tamsin holds the ward; Brannoc fails against the Soft Giant and is dealt damage.  Any
    character's damage may be reduced from anywhere; a character's at your location, only
    from there."""
    events = play_setup(cards, locations=[*field("Soft Giant"),
                                          {"card": "Other Field", "deck": []}],
                        characters=[hero("Brannoc Ashvale"),
                                    {**hero("Tamsin Reed", hand=[ward]), "location": where}],
                        script={"evade": ["none"], "reduce": [[ward] if played else []]})
    assert bool(events_of(events, "play", card=ward, character="Tamsin Reed")) == played
    reduced = events_of(events, "reduced")
    assert bool(reduced) == played


@pytest.mark.parametrize(("holder_at", "played"), [("Plain Field", True), ("Other Field", False)])
def test_a_card_may_make_a_chosen_characters_check_succeed(cards, holder_at, played):
    """Tamsin holds the word; Brannoc's Stealth 99 check succeeds if she plays it, which she
    may only from his location."""
    events = play_setup(cards, locations=[*field("Guarded Door"),
                                          {"card": "Other Field", "deck": []}],
                        characters=[hero("Brannoc Ashvale"),
                                    {**hero("Tamsin Reed", hand=["Quiet Word"]),
                                     "location": holder_at}],
                        script={"evade": ["none"], "check": [["Quiet Word"] if played else []]})
    assert bool(events_of(events, "play", card="Quiet Word", character="Tamsin Reed")) == played
    assert bool(events_of(events, "defeated", card="Guarded Door")) == played


@pytest.mark.parametrize(("spell", "mended"), [("Kin Mending", "Tamsin Reed"),
                                               ("Near Mending", "Brannoc Ashvale")])
def test_a_power_may_be_for_a_character_its_holder_chooses(cards, spell, mended):
    """Brannoc plays the spell with no check under way: `another character` is Tamsin, and
    `a character at your location` is his own choice, himself (the default policy's); the
    card recharged is from the chosen character's discard pile, to that character's deck."""
    table = laid_out(cards, {"locations": field("Sure Thing"),
                             "characters": [hero("Brannoc Ashvale", hand=[spell]),
                                            hero("Tamsin Reed")]})
    for character in table.characters:
        character.discards = [Card(cards["Pebble"])]
    play_first_power(cards, table)
    emptied = {character.name: not character.discards for character in table.characters}
    assert emptied == {name: name == mended for name in emptied}
    chosen = next(character for character in table.characters if character.name == mended)
    assert chosen.deck[-1].name == "Pebble"


def test_a_power_for_a_chosen_character_may_go_on_with_its_holders_own_cards(cards):
    """`Shuffle 3 random cards from his discard pile into his deck and 1 random card from
    your discard pile into your deck`: three of Tamsin's (the chosen), one of Brannoc's."""
    table = laid_out(cards, {"locations": field("Sure Thing"),
                             "characters": [hero("Brannoc Ashvale", hand=["Shared Mending"]),
                                            hero("Tamsin Reed")]})
    for character in table.characters:
        character.discards = [Card(cards["Pebble"]) for _ in range(5)]
    play_first_power(cards, table)
    left = {character.name: len(character.discards) for character in table.characters}
    assert left == {"Brannoc Ashvale": 4, "Tamsin Reed": 2}


@pytest.mark.parametrize("answer", [True, False])
def test_a_power_may_take_its_effects_from_the_next_sentence(cards, answer):
    """`That character may shuffle ...` is the power's, for Tamsin (`another character`),
    and hers to refuse: two of her three discarded cards go back into her deck."""
    table = laid_out(cards, {"locations": field("Sure Thing"),
                             "characters": [hero("Brannoc Ashvale", hand=["Kin Tonic"]),
                                            hero("Tamsin Reed")],
                             "script": {"may": [answer]}})
    for character in table.characters:
        character.discards = [Card(cards["Pebble"]) for _ in range(3)]
    decks = [len(character.deck) for character in table.characters]
    play_first_power(cards, table)
    back = 2 if answer else 0
    assert [(len(c.discards), len(c.deck)) for c in table.characters] == [
        (3, decks[0]), (3 - back, decks[1] + back)]


def test_a_power_takes_only_the_next_sentence(tmp_path):
    """The sentence after the one that gave an open power its effects is the card's own."""
    (program,) = compiled(tmp_path, "Name: Tonic\nType: Item\n\n"
                          "Banish this card and choose a character at your location.\n"
                          "That character may shuffle 2 random cards from his discard pile "
                          "into his deck.\nDraw a card.\n").programs
    assert [effect["op"] for effect in program["powers"][0]["effects"]] == ["you_may"]
    assert program["powers"][0]["effects"][0]["effect"] == {
        "op": "cards", "target": "you", "action": "shuffle", "random": True, "kinds": [],
        "source": "discards",
        "count": {"dice": 0, "sides": 0, "plus": 2, "times": 1, "per_player": False}}
    assert [effect["op"] for effect in program["effects"]] == ["draw"]


def test_a_power_that_chooses_and_does_nothing_is_an_error(tmp_path):
    compilation = compiled(tmp_path, "Name: Tonic\nType: Item\n\n"
                           "Banish this card and choose a character at your location.\n")
    assert [(item.code, item.span.line) for item in compilation.diagnostics] == [
        ("CW204", 6)]


@pytest.mark.parametrize("hand", [[], ["Gambler's Blade"]])
def test_a_bane_that_would_be_defeated_rerolls_the_check(cards, hand):
    """The Stubborn Crab (Combat 8) has the check to defeat it rerolled when it would
    succeed, and the new result stands; a check that would fail is left alone.  With the
    Gambler's Blade (+1d8), whose reroll of a failure must stand, the bane rerolls only a
    success the first roll made: a result that must stand is not rerolled again."""
    seen = set()
    for seed in range(1, 41):
        events = play_setup(cards, seed, locations=field("Stubborn Crab"),
                            characters=[hero("Brannoc Ashvale", hand=hand)],
                            script={"evade": ["none"], "check": [hand]})
        (check,) = checks(events)
        rerolls = events_of(events, "reroll")
        by_bane = [reroll for reroll in rerolls if reroll["before"] >= 8]
        refused = events_of(events, "no_reroll")
        seen.add((bool(by_bane), bool(refused)))
        assert len(by_bane) + len(refused) <= 1
        if by_bane:
            assert by_bane[-1] is rerolls[-1] and by_bane[-1]["after"] == check["total"]
        if not by_bane and not refused:
            assert check["result"] == "failure"
        assert bool(events_of(events, "defeated", card="Stubborn Crab")) == (
            check["result"] == "success")
    assert (True, False) in seen
    assert ((False, True) in seen) == bool(hand) != ((False, False) in seen)


def test_a_bane_names_itself_in_its_reroll_and_a_boon_has_no_such_window(tmp_path):
    compilation = compiled(tmp_path, "Name: Odd Crab\nType: Monster\nCheck: Combat 8\n\n"
                           "If the Other Crab would be defeated, reroll the dice.\n"
                           "The Third Crab is defeated or undefeated based solely on the "
                           "result of the new roll.\n---\nName: Odd Ring\nType: Item\n\n"
                           "If this card would be defeated, reroll the dice.\n")
    assert [(item.code, item.span.line) for item in compilation.diagnostics] == [
        ("CW206", 7), ("CW206", 8), ("CW202", 13)]


@pytest.mark.parametrize(("henchman", "offered"), [("Plain Lackey", True),
                                                   ("Stubborn Lackey", False)])
def test_a_henchman_may_say_defeating_it_does_not_let_you_close(cards, henchman, offered):
    """A henchman defeated lets its location be closed (the Plain Lackey), unless its text
    says `Defeating the Stubborn Lackey does not allow you to close this location.`"""
    events = play_setup(cards, locations=field(henchman), characters=[hero("Brannoc Ashvale")],
                        script={"evade": ["none"], "check": [[]], "close": [True]})
    assert events_of(events, "defeated", card=henchman)
    assert bool(events_of(events, "close_attempt")) == offered


@pytest.mark.parametrize(("gate", "paid"), [("Strength Gate", True), ("Combat Gate", False)])
def test_text_for_some_kinds_of_check_to_defeat_only(cards, gate, paid):
    """`On your Strength check to defeat, ...`: Brannoc attempts the gate's Strength check,
    and so pays allies for it only where the text names Strength, not `Wisdom or combat`."""
    events = play_setup(cards, locations=field(gate),
                        characters=[hero("Brannoc Ashvale", hand=["Lantern Bearer"] * 3)],
                        script={"evade": ["none"], "check": [[]], "pay": [2]})
    assert checks(events)[0]["skill"] == "Strength"
    assert bool(events_of(events, "lose_cards", action="recharge")) == paid


@pytest.mark.parametrize("barrier", ["Two Faced Wall", "Two Faced Gate"])
@pytest.mark.parametrize(("skill", "difficulty"), [("Strength", 9), ("Diplomacy", 5)])
def test_a_difficulty_of_one_kind_of_check_to_defeat(cards, barrier, skill, difficulty):
    """`The difficulty of the Strength check to defeat is increased by 4.` (the Wall), `On
    your Strength check to defeat, the difficulty is increased by 4.` (the Gate): the
    Strength check is 9 to beat; the Diplomacy check stays at 5."""
    events = play_setup(cards, locations=field(barrier),
                        characters=[hero("Brannoc Ashvale")],
                        script={"evade": ["none"], "skill": [skill], "check": [[]]})
    (check,) = checks(events)
    assert (check["skill"], check["difficulty"]) == (skill, difficulty)


def test_a_difficulty_changed_on_each_check_to_defeat_is_changed_once_on_each(cards):
    """The Twice Faced Gate's two Strength 0 checks are each 4 to beat, the second not 8:
    its text is done on each check, to that check (docs/rulings.md)."""
    made = [[check["difficulty"] for check in checks(play_setup(
        cards, seed, locations=field("Twice Faced Gate"), characters=[hero("Brannoc Ashvale")],
        script={"evade": ["none"]}))] for seed in range(1, 11)]
    assert [4, 4] in made
    assert all(difficulty == 4 for difficulties in made for difficulty in difficulties)


@pytest.mark.parametrize(("gate", "action", "paid_kinds"), [
    ("Toll Gate", "recharge", {"Ally"}), ("Tithe Gate", "bury", {"Ally", "Item"})])
@pytest.mark.parametrize("pay", [0, 2, None])
def test_a_bane_may_take_cards_for_an_addition_each(cards, gate, action, paid_kinds, pay):
    """Brannoc (Strength d10+1) against a Strength 16 gate, his hand of five three allies
    and two items: each card of the kinds named that he pays adds 1d4 to the check to
    defeat.  The script says how many; the default pays until the check succeeds at least 3
    times in 4."""
    hand = ["Lantern Bearer"] * 3 + ["Pebble"] * 2
    events = play_setup(cards, 3, locations=field(gate),
                        characters=[hero("Brannoc Ashvale", hand=hand)],
                        script={"evade": ["none"], "check": [[]],
                                **({"pay": [pay]} if pay is not None else {})})
    (lost,) = [event for event in events_of(events, "lose_cards") if event["action"] == action]
    payable = sum(cards[name].type in paid_kinds for name in hand)
    if pay is None:
        pay = next((n for n in range(payable + 1) if chance(
            Skill("Strength", 10, 1), [Dice(1, 4, 0)] * n, 16) >= Fraction(3, 4)),
            payable)
    assert len(lost["cards"]) == pay
    assert all(cards[name].type in paid_kinds for name in lost["cards"])
    assert len(events_of(events, "added")) == pay
    (check,) = checks(events)
    assert check["total"] == check["roll"] + check["bonus"] + check["added"]


@pytest.mark.parametrize(("bane", "damage", "buried"), [
    ("Runaway Imp", None, 0), ("Hollow Lurker", [], 1), ("Tusk Charger", [1], 0)])
def test_a_bane_may_deal_no_damage_or_other_damage_instead(cards, bane, damage, buried):
    """Undefeated, a monster deals damage for the failed check (the Runaway Imp: the
    shortfall); the Hollow Lurker deals none and buries the top card of the deck instead,
    and the Tusk Charger deals its own 1 damage in its place."""
    events = play_setup(cards, locations=field(bane),
                        characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
    (check,) = checks(events)
    dealt = [event["amount"] for event in events_of(events, "damage")]
    assert dealt == ([check["difficulty"] - check["total"]] if damage is None else damage)
    assert len([event for event in events_of(events, "lose_cards", action="bury")
                for _ in event["cards"]]) == buried


def test_a_skirmish_is_won_only_if_every_card_it_summons_is_defeated(cards):
    """The Bone Pit has no check: each of the two characters at its location summons and
    encounters a Pit Skeleton (Combat 5), and the pit is undefeated (shuffled back, no
    damage of its own) if either skeleton is not defeated."""
    seen = set()
    for seed in range(1, 31):
        events = play_setup(cards, seed, locations=field("Bone Pit"),
                            characters=[hero("Brannoc Ashvale"), hero("Tamsin Reed")],
                            script={"evade": ["none"] * 3})
        beaten = len(events_of(events, "defeated", card="Pit Skeleton")) == 2
        seen.add(beaten)
        assert len(events_of(events, "summon", card="Pit Skeleton")) == 2
        assert bool(events_of(events, "defeated", card="Bone Pit")) == beaten
        assert bool(events_of(events, "settled", card="Bone Pit")) != beaten
    assert seen == {True, False}


def test_a_skirmish_that_says_nothing_of_its_outcome_is_defeated(cards):
    events = play_setup(cards, locations=field("Rabble Rush"),
                        characters=[hero("Brannoc Ashvale"), hero("Tamsin Reed")],
                        script={"evade": ["none"] * 3})
    assert len(events_of(events, "defeated", card="Sure Thing")) == 2
    assert events_of(events, "defeated", card="Rabble Rush")


def test_a_skirmish_names_a_card_it_summons_and_only_it_may_lack_a_check(tmp_path):
    compilation = compiled(tmp_path, "Name: Pit\nType: Barrier\n\n"
                           "If any character does not defeat the Pit, the Pit is "
                           "undefeated.\n---\nName: Hole\nType: Barrier\n\n"
                           "Summon and encounter a Pit.\n")
    assert [(item.code, item.span.line) for item in compilation.diagnostics] == [
        ("CW106", 3), ("CW204", 6)]


def rerolled_checks(cards, hand: list[str], may: list[bool] | None = None,
                    seeds=range(1, 31)):
    """Brannoc fights the Iron Brute (Combat 10) with `hand` played on the check, seed after
    seed, answering `may` to what card text leaves to him: each game's rerolls and check."""
    for seed in seeds:
        events = play_setup(cards, seed, locations=field("Iron Brute"),
                            characters=[hero("Brannoc Ashvale", hand=hand)],
                            script={"evade": ["none"], "check": [hand],
                                    **({"may": may} if may is not None else {})})
        yield events_of(events, "reroll"), checks(events)[0], events


@pytest.mark.parametrize(("weapon", "rerolls_when"), [("Second Swing", "failure"),
                                                      ("Fickle Blade", "success")])
def test_a_card_played_on_a_check_may_reroll_its_dice(cards, weapon, rerolls_when):
    """The dice are rolled again as the check would go (a failure, a success), and the new
    total is the check's: the skill's die and the dice the card added, with the bonuses."""
    seen = set()
    for rerolls, check, _ in rerolled_checks(cards, [weapon]):
        first = "success" if (rerolls[0]["before"] if rerolls else check["total"]) >= 10 \
            else "failure"
        seen.add((first, bool(rerolls)))
        assert bool(rerolls) == (first == rerolls_when)
        if rerolls:
            assert rerolls[0]["after"] == check["total"] == check["roll"] + check["bonus"] + \
                check["added"]
    assert seen == {("success", rerolls_when == "success"), ("failure", rerolls_when == "failure")}


def test_a_card_may_keep_the_lower_of_a_rerolls_two_results(cards):
    """`If you would succeed at the check, reroll the dice. You must take the lower result.`:
    the check's total is the lower of the two; the seeds bring a lower and a higher reroll."""
    seen = set()
    for rerolls, check, _ in rerolled_checks(cards, ["Grudging Blade"]):
        if rerolls:
            before, after = rerolls[0]["before"], rerolls[0]["after"]
            assert check["total"] == min(before, after)
            seen.add(after < before)
    assert seen == {True, False}


def test_a_reroll_rolls_the_dice_cards_added_too(cards):
    """The blade's 1d4 is rolled again with the skill's die: what it adds after the reroll is
    a new roll of it, not the first one's."""
    added = []
    for rerolls, check, events in rerolled_checks(cards, ["Fickle Blade"]):
        if rerolls:
            (first,) = events_of(events, "roll", dice="1d4")
            added.append((first["total"], check["added"]))
    assert all(1 <= now <= 4 for _, now in added)
    assert any(first != now for first, now in added)


def test_a_reroll_costs_what_the_card_asks(cards):
    """`you may discard this card to ... reroll the dice`: each reroll discards the sword."""
    for rerolls, _, events in rerolled_checks(cards, ["Second Swing"]):
        paid = events_of(events, "paid", card="Second Swing", cost="discard")
        assert len(paid) == len(rerolls)


def test_a_result_that_must_stand_is_not_rerolled_again(cards):
    """The sword's reroll must stand: the word played beside it, which would reroll a failure
    too, leaves the new result alone."""
    refused = 0
    for rerolls, check, events in rerolled_checks(cards, ["Second Swing", "Hopeful Word"]):
        assert len(rerolls) <= 1
        refused += len(events_of(events, "no_reroll"))
        if rerolls and check["result"] == "failure":
            assert events_of(events, "no_reroll")
    assert refused


def test_with_no_reroll_there_is_no_second_result_to_take(cards):
    """Brannoc keeps the sword rather than pay for its reroll: the word's reroll of a failure
    is still his."""
    rerolled = 0
    for rerolls, _, events in rerolled_checks(cards, ["Second Swing", "Hopeful Word"],
                                                  may=[False]):
        assert not events_of(events, "paid") and not events_of(events, "no_reroll")
        rerolled += len(rerolls)
    assert rerolled


@pytest.mark.parametrize(("hand", "lost"), [(["Test Axe", "Pebble"], ["Pebble"]),
                                           (["Test Axe"], [])])
def test_a_bane_may_ask_a_price_before_each_card_played(cards, hand, lost):
    """Before Brannoc plays the axe against the Toll Keeper, he discards a card: never the
    axe he is about to play, so with nothing else in hand the price is nothing."""
    table, _ = brannoc_encounters(cards, "Toll Keeper",
                                  {"evade": ["none"], "check": [["Test Axe"]]}, hand=hand)
    events = [event for event in table.log.events if event["event"] in ("lose_cards", "play")]
    assert [event["event"] for event in events][:2] == ["lose_cards", "play"]
    assert events[0]["cards"] == lost


@pytest.mark.parametrize(("player", "taxed"), [("Tamsin Reed", True), ("Brannoc Ashvale", False)])
def test_a_bane_may_ask_a_price_only_of_another_character(cards, player, taxed):
    """The leech taxes spells played by anyone but Brannoc, who encounters it: the player
    recharges a card first."""
    characters = [hero("Brannoc Ashvale"), hero("Tamsin Reed")]
    characters[0 if player == "Brannoc Ashvale" else 1]["hand"] = ["Helping Word", "Pebble"]
    events = play_setup(cards, locations=field("Spell Leech"), characters=characters,
                        script={"evade": ["none"], "check": [["Helping Word"]]})
    assert events_of(events, "play", card="Helping Word", character=player)
    lost = events_of(events, "lose_cards", character=player, action="recharge")
    assert [event["cards"] for event in lost] == ([["Pebble"]] if taxed else [])


@pytest.mark.parametrize("plays", [True, False])
def test_a_power_played_as_its_holders_turn_ends(cards, plays):
    """`Discard this card to move to another location at the end of your turn.`: as
    Brannoc's turn ends he may play it (the script says whether), and moves to the Other
    Field, the only other location."""
    events = play_setup(cards, locations=[*field("Pebble"), {"card": "Other Field", "deck": []}],
                        characters=[hero("Brannoc Ashvale", hand=["Wind Cloak"])],
                        script={"evade": ["none"], "check": [[]], "may": [plays]})
    assert bool(events_of(events, "play", card="Wind Cloak")) == plays
    moves = [event["to"] for event in events_of(events, "move", character="Brannoc Ashvale")]
    assert moves == (["Other Field"] if plays else [])


@pytest.mark.parametrize(("elsewhere", "difficulty"), [(0, 10), (1, 11), (2, 12)])
def test_the_difficulty_to_defeat_grows_with_the_characters_at_other_locations(
        cards, elsewhere, difficulty):
    """`increased by the number of characters at other locations`: Brannoc's check against
    the Lonely Tyrant (Combat 10) is 1 harder for each of the others at the Other Field."""
    others = [{**hero(name), "location": "Other Field" if index < elsewhere else "Plain Field"}
              for index, name in enumerate(["Tamsin Reed", "Ilsa Thornquill"])]
    events = play_setup(cards, locations=[*field("Lonely Tyrant"),
                                          {"card": "Other Field", "deck": []}],
                        characters=[hero("Brannoc Ashvale"), *others],
                        script={"evade": ["none"], "check": [[]]})
    assert [event["difficulty"] for event in checks(events)][:1] == [difficulty]


@pytest.mark.parametrize(("charm", "moves"), [("Drift Charm", True), ("Wind Cloak", False)])
def test_a_power_played_as_any_characters_turn_ends(cards, charm, moves):
    """`At the end of the turn, discard this card to move a willing character.`: as
    Brannoc's turn ends Tamsin may play it, and moves (the willing character is by default
    its holder) to the Other Field; `... at the end of your turn` waits for her own turn."""
    events = play_setup(cards, locations=[*field("Pebble"), {"card": "Other Field", "deck": []}],
                        characters=[hero("Brannoc Ashvale"), hero("Tamsin Reed", hand=[charm])],
                        script={"evade": ["none"], "check": [[]], "may": [True]})
    assert bool(events_of(events, "play", card=charm, character="Tamsin Reed")) == moves
    assert [event["to"] for event in events_of(events, "move", character="Tamsin Reed")] == (
        ["Other Field"] if moves else [])


@pytest.mark.parametrize(("haze", "added"), [("Ember Haze", True), ("Chill Haze", False)])
def test_a_spell_displayed_as_a_bane_is_encountered_adds_for_the_turn(cards, haze, added):
    """`Display this card when a character encounters a bane.`: Brannoc displays the haze as
    he meets the Iron Brute, a monster; the Ember Haze adds 2d4 and the Fire trait to his
    combat check against it, the Chill Haze nothing (it is for barriers).  At the end of the
    turn each is discarded, and the Chill Haze deals 1 Cold damage to Tamsin, the other
    character, and none to Brannoc."""
    events = play_setup(cards, locations=field("Iron Brute"),
                        characters=[hero("Brannoc Ashvale", hand=[haze]), hero("Tamsin Reed")],
                        script={"evade": ["none"], "check": [[]]})
    (play,) = events_of(events, "play", card=haze)
    assert play["cost"] == "display"
    additions = [event for event in events_of(events, "added") if event.get("traits")]
    assert [event["traits"] for event in additions] == ([["Fire"]] if added else [])
    assert additions == [] or 2 <= additions[0]["amount"] <= 8
    assert events_of(events, "moved", card=haze, to="discard")
    cold = [event["character"] for event in events_of(events, "damage")
            if event["kind"] == "Cold"]
    assert cold == ([] if added else ["Tamsin Reed"])


@pytest.mark.parametrize(("bane", "displayed", "added"), [
    ("Rune Door", True, 3), ("Rune Door", False, 0), ("Iron Brute", True, 0)])
def test_a_card_displayed_adds_to_the_checks_its_text_names(cards, bane, displayed, added):
    """`Display this card next to a character.` is a power Brannoc plays as his encounter
    begins (if he may); then `While displayed, add 3 to that character's Strength checks`
    adds 3 to his Strength check against the door, and nothing to his combat check."""
    events = play_setup(cards, locations=field(bane),
                        characters=[hero("Brannoc Ashvale", hand=["Silver Tongue"])],
                        script={"may": [displayed], "evade": ["none"], "check": [[]]})
    assert bool(events_of(events, "play", card="Silver Tongue", cost="display")) == displayed
    (check,) = checks(events)
    assert check["added"] == added


@pytest.mark.parametrize("displayed", [True, False])
def test_a_power_played_while_its_card_is_displayed(cards, displayed):
    """`While displayed, you may recharge this card to reduce Combat damage ...`: played from
    where the coat is displayed, not from the hand; held, the coat reduces nothing."""
    events = play_setup(cards, locations=field("Soft Giant"),
                        characters=[hero("Brannoc Ashvale", hand=["Quilted Coat"])],
                        script={"may": [displayed], "evade": ["none"], "check": [[]],
                                "reduce": [["Quilted Coat"]] if displayed else []})
    plays = [play["cost"] for play in events_of(events, "play", card="Quilted Coat")]
    assert plays == (["display", "recharge"] if displayed else [])
    assert [event["by"] for event in events_of(events, "reduced")] == ([1] if displayed else [])


def test_a_bane_displayed_beside_you_does_its_text_at_the_start_of_your_turns(cards):
    """The Gnawing Curse, undefeated, is displayed beside Brannoc (not the scenario); as each
    of his turns begins, he buries the top card of his deck, and only then."""
    table = laid_out(cards, {"locations": field("Sure Thing"),
                             "characters": [hero("Brannoc Ashvale")]})
    brannoc = table.characters[0]
    rt.Encounter(table, brannoc, Card(cards["Gnawing Curse"]), brannoc.location).run()
    assert [card.name for card in brannoc.displayed] == ["Gnawing Curse"]
    assert not brannoc.buried
    top = brannoc.deck[0]
    start_turn_text(table, brannoc)
    assert brannoc.buried == [top]


@pytest.mark.parametrize(("first", "sides"), [("Withering Hex", 4), ("Iron Brute", 10)])
def test_a_card_displayed_beside_you_may_change_the_dice_of_your_skills(cards, first, sides):
    """The Withering Hex, undefeated, is displayed beside Brannoc: his combat check against
    the Iron Brute after it rolls a d4 for Melee, his bonus kept (+3); after another Iron
    Brute, his d10."""
    table = laid_out(cards, {"locations": field("Iron Brute"),
                             "characters": [hero("Brannoc Ashvale")],
                             "script": {"evade": ["none", "none"], "check": [[], []]}})
    brannoc = table.characters[0]
    for bane in (first, "Iron Brute"):
        rt.Encounter(table, brannoc, Card(cards[bane]), brannoc.location).run()
    last = checks(table.log.events)[-1]
    assert (last["skill"], last["sides"], last["bonus"]) == ("Melee", sides, 3)


def test_examining_a_deck_until_a_card_is_found_takes_the_first_from_the_top(cards):
    """`examine your location deck until you find a bane; shuffle the deck and put that card
    on top`: the Iron Brute, the first bane from the top (not the Sure Thing, a bane the
    player might rather choose), ends on top of the shuffled deck."""
    table = laid_out(cards, {"locations": field("Iron Brute", "Test Axe", "Sure Thing"),
                             "characters": [hero("Brannoc Ashvale", hand=["Seeker's Lens"])]})
    play_first_power(cards, table)
    deck = [card.name for card in table.locations[0].deck]
    assert deck[0] == "Iron Brute"
    assert sorted(deck) == ["Iron Brute", "Sure Thing", "Test Axe"]


@pytest.mark.parametrize("where", ["Plain Field", "Other Field"])
def test_a_power_may_allow_other_characters_to_do_something(cards, where):
    """`allow every character at your location to draw a card`: Brannoc and Tamsin each draw
    one when she is at his location, and only he when she is elsewhere."""
    table = laid_out(cards, {"locations": [*field("Sure Thing"),
                                           {"card": "Other Field", "deck": []}],
                             "characters": [hero("Brannoc Ashvale", hand=["Kindly Herbalist"]),
                                            {**hero("Tamsin Reed"), "location": where}]})
    hands = [len(character.hand) for character in table.characters]
    play_first_power(cards, table)
    drawn = [len(character.hand) - before
             for character, before in zip(table.characters, hands, strict=True)]
    assert drawn == ([0, 1] if where == "Plain Field" else [0, 0])


def test_a_turn_begins_with_the_text_of_its_start(cards):
    """Played out: the curse's burial comes as Brannoc's second turn begins, before he
    explores."""
    events = play_setup(cards, turns=2, locations=field("Gnawing Curse", "Sure Thing"),
                        characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
    (_, second) = [event["seq"] for event in events_of(events, "turn")]
    (burial,) = events_of(events, "lose_cards", action="bury")
    (met,) = events_of(events, "encounter", card="Sure Thing")
    assert second < burial["seq"] < met["seq"]


@pytest.mark.parametrize(("villain", "picks"), [
    ("Storm Wyrm", {"Plain Field", "Other Field"}), ("Crowd Wyrm", {"Plain Field"})])
def test_a_location_selected_at_random_and_the_characters_at_it(cards, villain, picks):
    """`randomly select an occupied location`, then `Each character at that location takes 1
    Electricity damage`: those at the location the dice pick, and only they, are dealt it;
    the dice pick either location (Plain Field, with two characters, or Other Field, with
    one), or, for `... occupied by the greatest number of characters`, Plain Field only."""
    picked = set()
    for seed in range(1, 11):
        table = set_up({"name": "test", "turns": 1,
                        "locations": [*field(villain), {"card": "Other Field", "deck": []}],
                        "characters": [hero("Brannoc Ashvale"), hero("Ilsa Thornquill"),
                                       {**hero("Tamsin Reed"), "location": "Other Field"}],
                        "script": {"evade": ["none"], "check": [[]]}}, cards, seed,
                       EventLog(MESSAGES))
        brannoc = table.characters[0]
        rt.Encounter(table, brannoc, brannoc.location.deck.pop(0), brannoc.location).run()
        (selected,) = events_of(table.log.events, "location_selected")
        picked.add(selected["location"])
        at_it = [character.name for character in table.characters
                 if character.location.name == selected["location"]]
        assert [event["character"] for event in events_of(table.log.events, "damage")
                if event["kind"] == "Electricity"] == at_it
    assert picked == picks


@pytest.mark.parametrize("closed", [False, True])
def test_each_character_at_an_open_location_summons_the_card_named_with_its_type(cards, closed):
    """`a Sure Thing monster` names the Sure Thing; Tamsin, at another location, summons it
    too while her location is open."""
    table = laid_out(cards, {"locations": [*field("Bell Ringer"),
                                           {"card": "Other Field", "deck": []}],
                             "characters": [hero("Brannoc Ashvale"),
                                            {**hero("Tamsin Reed"), "location": "Other Field"}],
                             "script": {"evade": ["none"]}})
    brannoc, tamsin = table.characters
    tamsin.location.closed = closed
    rt.Encounter(table, brannoc, Card(cards["Bell Ringer"]), brannoc.location).run()
    encountering = [event["character"] for event in events_of(table.log.events, "encounter",
                                                              card="Sure Thing")]
    assert encountering == ["Brannoc Ashvale"] + ([] if closed else ["Tamsin Reed"])


def test_a_bane_may_change_only_the_damage_of_one_type_it_deals(cards):
    """The spitter's Fire damage falls on everyone at its location; the Combat damage of the
    failed check only on Brannoc."""
    events = play_setup(cards, locations=field("Ember Spitter"),
                        characters=[hero("Brannoc Ashvale"), hero("Tamsin Reed")],
                        script={"evade": ["none"]})
    dealt = [(event["character"], event["kind"]) for event in events_of(events, "damage")]
    assert dealt == [("Brannoc Ashvale", "Fire"), ("Tamsin Reed", "Fire"),
                     ("Brannoc Ashvale", "Combat")]


def test_the_blessings_decks_top_card_may_go_into_the_location_deck(cards):
    """The pool's undefeated: the blessings deck's top card, the axe, is shuffled into the
    location deck (with the pool itself), and the blessings deck is a turn shorter."""
    table = laid_out(cards, {"turns": 3, "locations": field("Tide Pool"),
                             "blessings": ["Test Axe", "Pebble", "Pebble"],
                             "characters": [hero("Brannoc Ashvale")],
                             "script": {"evade": ["none"]}})
    brannoc = table.characters[0]
    rt.Encounter(table, brannoc, table.locations[0].deck.pop(0), brannoc.location).run()
    assert sorted(card.name for card in brannoc.location.deck) == ["Test Axe", "Tide Pool"]
    assert [card.name for card in table.blessings_deck] == ["Pebble", "Pebble"]
    assert table.blessings_lost == 1


def test_a_character_at_your_location_is_one_the_players_choose(cards):
    """`a character at your location summons ...`: the default policy chooses the character
    who encounters the card, not another there."""
    events = play_setup(cards, locations=field("Grave Caller"),
                        characters=[hero("Brannoc Ashvale"), hero("Tamsin Reed")],
                        script={"evade": ["none"]})
    assert [event["character"] for event in events_of(events, "encounter",
                                                      card="Sure Thing")] == ["Brannoc Ashvale"]


def test_a_card_may_make_a_check_with_its_own_dice_alone(cards):
    """Brannoc's combat check with the barrage is its 2d4+1, with no die or bonus of his (his
    Strength is d10+1): the total is what the card rolled, and the check has the Force trait
    the card gave it."""
    totals = set()
    for seed in range(1, 11):
        events = play_setup(cards, seed, locations=field("Iron Brute"),
                            characters=[hero("Brannoc Ashvale", hand=["Force Barrage"])],
                            script={"evade": ["none"], "check": [["Force Barrage"]]})
        (roll,) = events_of(events, "roll", dice="2d4+1")
        (check,) = checks(events)
        assert (check["roll"], check["bonus"], check["total"]) == (0, 0, roll["total"])
        assert events_of(events, "added", traits=["Force"])
        totals.add(check["total"])
    assert len(totals) > 1 and all(3 <= total <= 9 for total in totals)


def test_the_chance_of_a_check_made_with_a_cards_dice_alone():
    """2d4+1 with no skill's die reaches 9 only on two 4s, and 3 always."""
    assert chance(NO_SKILL_DIE, [Dice(2, 4, 1)], 9) == Fraction(1, 16)
    assert chance(NO_SKILL_DIE, [Dice(2, 4, 1)], 3) == 1


def test_the_difficulty_of_a_characters_checks_may_rise_for_the_rest_of_the_turn(cards):
    """The fog's Wisdom check fails: the check to defeat it is 3, not 0, that turn; the next
    turn's check is back to 0."""
    events = play_setup(cards, turns=2, locations=field("Dread Fog", "Sure Thing"),
                        characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
    assert [(check["purpose"], check["difficulty"]) for check in checks(events)] == [
        ("against Dread Fog", 99), ("to defeat Dread Fog", 3), ("to defeat Sure Thing", 0)]
    assert [event["of"] for event in events_of(events, "difficulty")] == [
        "Brannoc Ashvale's checks this turn"]


@pytest.mark.parametrize(("barrier", "changes"), [
    ("Wailing Wind", {"Brannoc Ashvale": 2, "Tamsin Reed": 2}), ("Foul Miasma", {None: 1})])
def test_whose_checks_grow_harder_for_the_turn(cards, barrier, changes):
    """`his checks` are each failing character's own; `all checks` are everyone's."""
    table = laid_out(cards, {"locations": field(barrier),
                             "characters": [hero("Brannoc Ashvale"), hero("Tamsin Reed")],
                             "script": {"evade": ["none"]}})
    brannoc = table.characters[0]
    rt.Encounter(table, brannoc, table.locations[0].deck.pop(0), brannoc.location).run()
    assert table.turn_difficulty == changes


@pytest.mark.parametrize(("script", "drawn"), [({}, 3), ({"draw": [1]}, 1), ({"draw": [9]}, 3),
                                               ({"may": [False]}, 0)])
def test_a_card_may_let_its_holder_draw_up_to_a_number(cards, script, drawn):
    """`You may draw up to 3 cards`: with room for 4 more in hand, the default draws 3; a
    script may say fewer (never more than 3), or decline."""
    table = laid_out(cards, {"locations": field("Sure Thing"),
                             "characters": [hero("Brannoc Ashvale")], "script": script})
    brannoc = table.characters[0]
    brannoc.hand = [Card(cards["Lucky Find"])]
    room = brannoc.defn.hand - len(brannoc.hand)
    assert room >= 4
    find = brannoc.hand[0]
    rt.Encounter(table, brannoc, Card(cards["Sure Thing"]), brannoc.location).use_power(
        brannoc, find, find.defn.powers[0])
    assert len(brannoc.hand) == 1 + drawn


def test_one_sentence_may_be_done_in_two_windows(cards):
    """`Before the encounter, or if undefeated, you take 1 Fire damage.`: Brannoc takes the
    Fire damage before the check and again once the hive is undefeated."""
    events = play_setup(cards, locations=field("Twice Stung Hive"),
                        characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
    fire = [event for event in events_of(events, "damage") if event["kind"] == "Fire"]
    assert len(fire) == 2


@pytest.mark.parametrize(("rest", "after"), [
    (["Pebble", "Sure Thing"], ["Pebble", "Sliding Wall", "Sure Thing"]),
    ([], ["Sliding Wall"])])
def test_a_bane_may_go_under_the_top_card_of_its_deck(cards, rest, after):
    """`put this card under the top card (if any) of the location deck`: second from the top,
    or alone in an empty deck."""
    table = laid_out(cards, {"locations": field("Sliding Wall", *rest),
                             "characters": [hero("Brannoc Ashvale")],
                             "script": {"evade": ["none"]}})
    brannoc = table.characters[0]
    location = brannoc.location
    rt.Encounter(table, brannoc, location.deck.pop(0), location).run()
    assert [card.name for card in location.deck] == after


@pytest.mark.parametrize(("plays", "difficulty"), [
    ([], 10), (["Blessing of Kin"], 12), (["Mind Blade"], 10),
    (["Mind Blade", "Blessing of Kin"], 12)])
def test_a_bane_may_count_the_cards_played_on_the_check_to_defeat_it(cards, plays, difficulty):
    """`For each blessing played in a check against the Jealous Idol, the difficulty of the
    check is increased by 2`: 2 for the blessing played (one of each type may be), none for
    the spell."""
    events = play_setup(cards, locations=field("Jealous Idol"),
                        characters=[hero("Brannoc Ashvale",
                                         hand=["Blessing of Kin", "Blessing of Echoes",
                                               "Mind Blade"])],
                        script={"evade": ["none"], "check": [plays]})
    assert [check["difficulty"] for check in checks(events)] == [difficulty]


def test_a_card_that_may_not_be_played_during_an_encounter(cards):
    """`You may not play this card during an encounter`: on the check to defeat the Iron
    Brute the charm is refused."""
    events = play_setup(cards, locations=field("Iron Brute"),
                        characters=[hero("Brannoc Ashvale", hand=["Sleepy Charm"])],
                        script={"evade": ["none"], "check": [["Sleepy Charm"]]})
    assert events_of(events, "refused", card="Sleepy Charm")
    assert not events_of(events, "play", card="Sleepy Charm")


@pytest.mark.parametrize(("cloak", "played"), [("Dusk Cloak", True), ("Bound Cloak", False)])
def test_a_card_forbidden_in_encounters_is_played_as_the_turn_ends(cards, cloak, played):
    """The Dusk Cloak, which may not be played during an encounter, is played as Brannoc's
    turn ends; the Bound Cloak, which may not be played at all, is not."""
    events = play_setup(cards, locations=[*field("Pebble"), {"card": "Other Field", "deck": []}],
                        characters=[hero("Brannoc Ashvale", hand=[cloak])],
                        script={"evade": ["none"], "check": [[]], "may": [True]})
    assert bool(events_of(events, "play", card=cloak)) == played


def test_a_power_may_take_a_card_from_a_characters_discard_pile(cards):
    """`put a spell from a character's discard pile on top of her deck`: for a character its
    holder chooses (by default, Brannoc himself), a spell of that character's discard pile
    (the Mind Blade, not the Pebble) goes on top of that character's deck."""
    table = laid_out(cards, {"locations": field("Sure Thing"),
                             "characters": [hero("Brannoc Ashvale")]})
    brannoc = table.characters[0]
    steward, blade, pebble = (Card(cards[name]) for name in
                              ("Kindly Steward", "Mind Blade", "Pebble"))
    brannoc.hand, brannoc.discards = [steward], [pebble, blade]
    (power,) = steward.defn.powers
    rt.Encounter(table, brannoc, Card(cards["Sure Thing"]), brannoc.location).use_power(
        brannoc, steward, power)
    assert brannoc.deck[0] is blade
    assert brannoc.discards == [pebble]


@pytest.mark.parametrize(("bane", "discarded"), [("Spell Eater", "Mind Blade"),
                                                 ("Plain Biter", "Pebble")])
def test_a_bane_may_say_which_cards_go_first_for_its_damage(cards, bane, discarded):
    """Brannoc takes 1 damage with the spell and pebbles in hand: he would give up a pebble,
    but the Spell Eater's damage takes a spell first."""
    events = play_setup(cards, locations=field(bane),
                        characters=[hero("Brannoc Ashvale", hand=["Mind Blade"])],
                        script={"evade": ["none"]})
    (lost,) = events_of(events, "discarded")
    assert lost["cards"] == [discarded]


def test_a_held_card_may_turn_a_near_miss_into_a_success(cards):
    """Brannoc holds the stone (not played on the check): a combat check against 10 that
    totals 8 or 9 succeeds, and the stone is buried; a wider miss or a success leaves it."""
    seen = set()
    for seed in range(1, 41):
        events = play_setup(cards, seed, locations=field("Iron Brute"),
                            characters=[hero("Brannoc Ashvale", hand=["Lucky Stone"])],
                            script={"evade": ["none"], "check": [[]]})
        (check,) = checks(events)
        near_miss = check["difficulty"] - 2 <= check["total"] < check["difficulty"]
        seen.add(near_miss)
        assert bool(events_of(events, "paid", card="Lucky Stone", cost="bury")) == near_miss
        assert check["result"] == ("success" if near_miss or check["total"] >= 10
                                   else "failure")
    assert seen == {True, False}


def test_a_card_may_give_a_check_a_trait_and_nothing_more(cards):
    events = play_setup(cards, locations=field("Iron Brute"),
                        characters=[hero("Brannoc Ashvale", hand=["Glow Word"])],
                        script={"evade": ["none"], "check": [["Glow Word"]]})
    (added,) = events_of(events, "added")
    assert (added["amount"], added["traits"]) == (0, ["Magic"])
    assert checks(events)[0]["added"] == 0


@pytest.mark.parametrize(("discarded", "back"), [(["Test Axe", "Pebble", "Pebble"], 2),
                                                 (["Test Axe"], 1), ([], 0)])
def test_cards_of_the_blessings_discard_pile_may_go_back_for_more_turns(cards, discarded,
                                                                         back):
    """Two random cards of the blessings discard pile (as many as there are, up to two) go
    back into the blessings deck: a turn more for each."""
    table = laid_out(cards, {"turns": 3, "locations": field("Sure Thing"),
                             "blessings": ["Pebble"], "characters": [hero("Brannoc Ashvale")]})
    table.blessings_discard = [Card(cards[name]) for name in discarded]
    brannoc = table.characters[0]
    brannoc.hand = [Card(cards["Second Wind"])]
    wind = brannoc.hand[0]
    rt.Encounter(table, brannoc, Card(cards["Sure Thing"]), brannoc.location).use_power(
        brannoc, wind, wind.defn.powers[0])
    assert len(table.blessings_discard) == len(discarded) - back
    assert len(table.blessings_deck) == 1 + back
    assert sorted(card.name for card in table.blessings_deck + table.blessings_discard) == \
        sorted(["Pebble", *discarded])
    assert table.blessings_lost == -back


@pytest.mark.parametrize("hand", [["Spell Lock", "Mind Blade"], ["Spell Lock"]])
def test_a_power_may_cost_another_card_of_the_hand(cards, hand):
    """The lock defeats the gate only if Brannoc also discards a spell: with the blade in
    hand he does (and the blade is discarded); with none, the lock is not his to play."""
    events = play_setup(cards, locations=field("Iron Gate"),
                        characters=[hero("Brannoc Ashvale", hand=hand)],
                        script={"evade": ["none"]})
    has_spell = "Mind Blade" in hand
    assert bool(events_of(events, "defeated_by_card", card="Iron Gate")) == has_spell
    paid = events_of(events, "paid", card="Mind Blade", cost="discard")
    assert len(paid) == (1 if has_spell else 0)


@pytest.mark.parametrize(("mire", "buried", "drawn"), [("Grasping Mire", 1, 2),
                                                       ("Shallow Mire", 0, 0)])
def test_what_and_adds_after_or_is_done_on_the_failure_too(cards, mire, buried, drawn):
    """`succeed at a Wisdom 99 check or bury a card and draw 2 cards`: on the failure both
    are done; on a success, neither."""
    events = play_setup(cards, locations=field(mire),
                        characters=[hero("Brannoc Ashvale", hand=["Pebble", "Pebble"])],
                        script={"evade": ["none"]})
    before_check = events[:events.index(checks(events)[-1])]
    assert sum(len(event["cards"])
               for event in events_of(before_check, "lose_cards", action="bury")) == buried
    assert sum(event["count"] for event in events_of(before_check, "draw")) == drawn


def test_the_top_or_bottom_card_of_a_deck_is_the_top_one(cards):
    """The player picks between two cards unseen: cardwright takes the top one."""
    _, brannoc = brannoc_encounters(cards, "Deep Mire", deck=["Test Axe", "Pebble", "Mind Blade"])
    assert [card.name for card in brannoc.buried] == ["Test Axe"]
    assert [card.name for card in brannoc.deck] == ["Pebble", "Mind Blade"]


@pytest.mark.parametrize(("hand", "buried"), [(["Test Hound", "Pebble"], ["Test Hound"]),
                                              (["Pebble", "Pebble"], ["Pebble", "Pebble"])])
def test_an_effect_may_fall_back_on_another_when_the_hand_has_no_such_card(cards, hand,
                                                                            buried):
    """`bury an ally, or if you have no allies, bury your entire hand`."""
    _, brannoc = brannoc_encounters(cards, "Ally Eater", hand=hand)
    assert [card.name for card in brannoc.buried] == buried
    assert len(brannoc.hand) == len(hand) - len(buried)


@pytest.mark.parametrize(("bane", "reduced"), [("Mind Gnat", True), ("Mind Leech", False)])
def test_damage_that_may_not_be_reduced_is_not(cards, bane, reduced):
    events = play_setup(cards, locations=field(bane),
                        characters=[hero("Brannoc Ashvale", hand=["Mind Veil"])],
                        script={"evade": ["none"]})
    (damage,) = events_of(events, "damage")
    assert (damage["amount"], damage["kind"]) == (2, "Mental")
    assert bool(events_of(events, "play", card="Mind Veil")) == reduced


def test_a_bane_may_deal_less_damage(cards):
    """Failing by the shortfall deals that much Combat damage, less 3."""
    for seed in range(1, 4):
        events = play_setup(cards, seed, locations=field("Weak Giant"),
                            script={"evade": ["none"]}, characters=[hero("Brannoc Ashvale")])
        (check,) = checks(events)
        assert events_of(events, "damage")[0]["amount"] == \
            check["difficulty"] - check["total"] - 3


def test_a_scourge_suffered_is_displayed_and_holds_in_each_later_encounter(cards):
    """Brannoc suffers Shaken against the Scare Crow; in his next encounter, he may not play
    allies (the scourge's standing text)."""
    table = laid_out(cards, {"locations": field("Sure Thing"),
                             "characters": [hero("Brannoc Ashvale")]})
    brannoc = table.characters[0]
    rt.Encounter(table, brannoc, Card(cards["Scare Crow"]), brannoc.location).run()
    assert [card.name for card in brannoc.displayed] == ["Shaken"]
    before = len(table.log.events)
    rt.Encounter(table, brannoc, Card(cards["Sure Thing"]), brannoc.location).run()
    later = table.log.events[before:]
    assert events_of(later, "forbidden", character="Brannoc Ashvale")
    assert events_of(later, "window", card="Shaken")


def test_a_location_deck_the_player_picks_is_that_of_the_holders_location(cards):
    """`examine the top card of a location deck`, in an encounter at another location: the
    holder looks at the deck of its own."""
    table = laid_out(cards, {"locations": [*field("Sure Thing"),
                                           {"card": "Other Field", "deck": ["Iron Brute"]}],
                             "characters": [hero("Brannoc Ashvale")]})
    brannoc = table.characters[0]
    elsewhere = table.locations[1]
    encounter = rt.Encounter(table, brannoc, Card(cards["Iron Brute"]), elsewhere)
    before = len(table.log.events)
    encounter.examine(brannoc, 1, None, "any_location")
    encounter.examine(brannoc, 1, None, "location")
    assert [(event["location"], event["cards"])
            for event in events_of(table.log.events[before:], "examine")] == [
        ("Plain Field", ["Sure Thing"]), ("Other Field", ["Iron Brute"])]


@pytest.mark.parametrize(("bane", "added"), [("Hill Giant", 5), ("Iron Brute", 1)])
def test_an_addition_may_be_more_against_a_bane_with_a_trait(cards, bane, added):
    events = play_setup(cards, locations=field(bane),
                        characters=[hero("Brannoc Ashvale", hand=["Giant Hunter"])],
                        script={"evade": ["none"], "check": [["Giant Hunter"]]})
    assert [event["amount"] for event in events_of(events, "added")] == [added]


def test_another_characters_check_is_not_the_holders_own(cards):
    """Brannoc fights: the hand adds 2 to his check from Tamsin's hand beside him, and is
    not his own to play on it."""
    events = play_setup(cards, locations=field("Iron Brute"),
                        characters=[hero("Brannoc Ashvale"),
                                    hero("Tamsin Reed", hand=["Helping Hand"])],
                        script={"evade": ["none"], "check": [["Helping Hand"]]})
    assert [(event["character"], event["amount"])
            for event in events_of(events, "added")] == [("Brannoc Ashvale", 2)]
    with pytest.raises(ScenarioError, match="no character here can play it"):
        play_setup(cards, locations=field("Iron Brute"),
                   characters=[hero("Brannoc Ashvale", hand=["Helping Hand"])],
                   script={"evade": ["none"], "check": [["Helping Hand"]]})


def test_any_cards_of_a_kind_are_every_one_of_them(cards):
    _, brannoc = brannoc_encounters(cards, "Ally Hater",
                                    discards=["Test Hound", "Pebble", "Loyal Hound"])
    assert [card.name for card in brannoc.buried] == ["Test Hound", "Loyal Hound"]
    assert [card.name for card in brannoc.discards] == ["Pebble"]


@pytest.mark.parametrize(("encountered", "pile"),
                         [("Tin Shirt", "deck"), ("Iron Brute", "discards")])
def test_a_card_may_ask_what_the_check_it_was_played_on_is_against(cards, encountered, pile):
    """The sign is recharged on a check against an armor, and discarded on one against a
    monster."""
    table, brannoc = brannoc_encounters(cards, encountered,
                                        {"evade": ["none"], "check": [["Sign of Tin"]]},
                                        hand=["Sign of Tin", "Pebble"])
    assert events_of(table.log.events, "play", card="Sign of Tin")
    assert "Sign of Tin" in [card.name for card in getattr(brannoc, pile)]


def test_a_deck_searched_gives_up_the_card_its_player_values_most_and_is_shuffled(cards):
    _, brannoc = brannoc_encounters(cards, "Deck Thief",
                                    deck=["Pebble", "Test Hound", "Loyal Hound"])
    assert [card.name for card in brannoc.buried] == ["Loyal Hound"]
    assert sorted(card.name for card in brannoc.deck) == ["Pebble", "Test Hound"]


def test_a_bane_may_take_from_each_die_rolled_on_the_check_to_defeat_it(cards):
    """Brannoc rolls one die against the wall, and 1 is taken from it."""
    events = play_setup(cards, locations=field("Shield Wall"),
                        characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
    (check,) = checks(events)
    assert check["added"] == -1
    assert check["total"] == check["roll"] + check["bonus"] - 1


def test_a_card_may_summon_one_of_a_kind_the_dice_pick_from_the_box(cards):
    """The caller summons a barrier of the box (every barrier of the pool, itself too), the
    dice's pick, under each seed."""
    barriers = {name for name, defn in cards.items() if defn.type == "Barrier"}
    summoned = set()
    for seed in range(1, 6):
        events = play_setup(cards, seed, locations=field("Beast Caller"),
                            characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
        first = events_of(events, "summon", by="Beast Caller")[0]
        summoned.add(first["card"])
    assert summoned <= barriers and len(summoned) > 1


def test_a_card_of_the_hand_may_go_on_top_of_the_deck(cards):
    """The one its player values least, as for a discard: the pebble, over the hound."""
    _, brannoc = brannoc_encounters(cards, "Deck Stacker", hand=["Loyal Hound", "Pebble"],
                                    deck=["Test Hound"])
    assert [card.name for card in brannoc.deck] == ["Pebble", "Test Hound"]
    assert [card.name for card in brannoc.hand] == ["Loyal Hound"]


def test_an_outcome_may_ask_by_how_much_the_check_to_defeat_went(cards):
    """`If defeated by 5 or more`: a draw of 1; `If your check to defeat fails by 4 or
    more`: a draw of 2; with neither, no draw.  The seeds bring each of the three, and each
    margin named."""
    seen = set()
    for seed in range(1, 31):
        events = play_setup(cards, seed, locations=field("Margin Rat"),
                            script={"evade": ["none"]}, characters=[hero("Brannoc Ashvale")])
        (check,) = checks(events)
        margin = check["total"] - check["difficulty"]
        drawn = [event["count"] for event in events_of(events, "draw")]
        expected = [1] if margin >= 5 else [2] if margin <= -4 else []
        assert drawn == expected, (seed, margin)
        seen.add(margin)
    assert {5, -4} <= seen and any(-4 < margin < 5 for margin in seen)


@pytest.mark.parametrize(("option", "drawn"), [("Wisdom", 1), ("Combat", 0)])
def test_an_outcome_may_ask_what_kind_of_check_defeated_the_bane(cards, option, drawn):
    """The Riddle Door is defeated either way; only by its non-combat option is a card drawn."""
    events = play_setup(cards, locations=field("Riddle Door"), characters=[hero(
        "Brannoc Ashvale")], script={"evade": ["none"], "skill": [option]})
    assert events_of(events, "defeated")
    assert len(events_of(events, "draw")) == drawn


@pytest.mark.parametrize(("bane", "pile"), [("Iron Wall", "discards"), ("Paper Wall", "buried")])
def test_a_powers_text_about_how_its_check_went_is_done_once_the_check_is_rolled(cards, bane,
                                                                                 pile):
    """(docs/rulings.md) `If you fail the check, discard this card instead of burying it.`
    after the power: on a failed check, the coin is discarded; on a success, it stays
    buried."""
    _, brannoc = brannoc_encounters(cards, bane, {"check": [["Gambler's Coin"]],
                                                  "evade": ["none"]},
                                    hand=["Gambler's Coin"])
    assert [card.name for card in getattr(brannoc, pile)] == ["Gambler's Coin"]


def test_a_card_summoned_is_not_summoned_again_within_its_own_encounter(cards):
    """(docs/rulings.md) The Echo Owl, undefeated, summons itself; the one summoned,
    undefeated too, would summon it again, and does not: two encounters, not an endless
    nest of them."""
    table, _ = brannoc_encounters(cards, "Echo Owl", {"evade": ["none"]})
    events = table.log.events
    assert len(events_of(events, "encounter", card="Echo Owl")) == 2
    assert len(events_of(events, "summoned_already", card="Echo Owl")) == 1


@pytest.mark.parametrize(("others", "drawn"), [(0, 1), (1, 0)])
def test_a_window_may_be_held_to_a_condition_written_before_it(cards, others, drawn):
    """`If you are the only character at this location, before the encounter, draw a card.`"""
    events = play_setup(cards, locations=field("Lonely Wisp"), script={"evade": ["none"]},
                        characters=[hero("Brannoc Ashvale"), *[hero("Tamsin Reed")] * others])
    assert len(events_of(events, "draw")) == drawn


@pytest.mark.parametrize(("hand", "evaded"), [(["Test Hound"], True), (["Pebble"], False)])
def test_a_cost_in_cards_buys_an_effect_only_if_paid_in_full(cards, hand, evaded):
    """`you may banish an ally to evade this card`: with an ally, Brannoc banishes it and
    evades the bridge; with none, he cannot pay, and attempts its check."""
    table, brannoc = brannoc_encounters(cards, "Toll Bridge", {"evade": ["none"]}, hand=hand)
    events = table.log.events
    assert bool(events_of(events, "evaded")) == evaded
    assert bool(checks(events)) != evaded
    assert [card.name for card in brannoc.hand] == ([] if evaded else ["Pebble"])


@pytest.mark.parametrize(("hand", "pays", "difficulty"), [
    (["Test Hound"], True, 10), (["Test Hound"], False, 15), (["Pebble"], True, 15)])
def test_a_choice_of_a_cost_has_its_consequence_when_not_paid(cards, hand, pays, difficulty):
    """`you may bury an ally; if you do not, the difficulty to defeat is increased by another
    5`: Brannoc buries his ally, or keeps it (or has none to bury) and the troll is harder."""
    table, brannoc = brannoc_encounters(cards, "Wary Troll", {"evade": ["none"],
                                                              "may": [pays]}, hand=hand)
    (check,) = checks(table.log.events)
    assert check["difficulty"] == difficulty
    buried = pays and hand == ["Test Hound"]
    assert [card.name for card in brannoc.buried] == (["Test Hound"] if buried else [])


@pytest.mark.parametrize(("tamsin_at", "hurt"), [
    ("Other Field", {"Brannoc Ashvale": 1, "Tamsin Reed": 2}),
    ("Plain Field", {"Brannoc Ashvale": 1})])
def test_an_effect_with_a_subject_of_its_own_after_and(cards, tamsin_at, hurt):
    """`you are dealt 1 Fire damage and a random character at another location is dealt 2 Fire
    damage`: Tamsin, if she is elsewhere; nobody else, if she is not."""
    events = play_setup(cards, locations=[*field("Far Sniper"),
                                          {"card": "Other Field", "deck": []}],
                        characters=[hero("Brannoc Ashvale"),
                                    {**hero("Tamsin Reed"), "location": tamsin_at}],
                        script={"evade": ["none"]})
    dealt = {event["character"]: event["amount"] for event in events_of(events, "damage")}
    assert dealt == hurt


def test_a_margin_asked_of_both_outcomes(cards):
    """`If you do not defeat the Rat Horde by at least 4, ...`: on a failure, or a success by
    less than 4; over seeds, each way the check may go is seen, and the card is drawn on all
    but a success by 4 or more."""
    seen = set()
    for seed in range(1, 40):
        events = play_setup(cards, seed, locations=field("Rat Horde"),
                            characters=[hero("Brannoc Ashvale")], script={"evade": ["none"]})
        (check,) = checks(events)
        margin = check["total"] - check["difficulty"]
        way = "failed" if margin < 0 else "short" if margin < 4 else "by 4"
        seen.add(way)
        assert len(events_of(events, "draw")) == (0 if way == "by 4" else 1), way
        assert bool(events_of(events, "dispose", card="Rat Horde")) == (way != "by 4")
    assert seen == {"failed", "short", "by 4"}


def test_cards_shuffled_from_a_pile_into_a_deck(cards):
    """`shuffle a card from your hand or discard pile into your location deck`: one of
    Brannoc's Pebbles goes into the location deck; `shuffle an ally from your discard pile
    into your deck`: his discarded ally goes back into his deck."""
    _, brannoc = brannoc_encounters(cards, "Pilfering Rogue", {"evade": ["none"]},
                                    hand=["Pebble"], discards=["Test Hound", "Pebble"],
                                    deck=[])
    assert sorted(card.name for card in brannoc.location.deck) == [
        "Pebble", "Pilfering Rogue", "Pilfering Rogue"]  # the one in it, the one put back
    assert [card.name for card in brannoc.deck] == ["Test Hound"]
    assert [card.name for card in brannoc.hand + brannoc.discards] == ["Pebble"]


def test_a_bane_made_undefeated_before_its_check_is_not_checked_and_deals_no_damage(cards):
    """`If you fail, end your turn and the Mire Beast is undefeated.`: Brannoc fails the
    Wisdom 99 check; the beast is undefeated with no check to defeat it, so no damage."""
    table, _ = brannoc_encounters(cards, "Mire Beast", {"evade": ["none"]})
    events = table.log.events
    assert [check["difficulty"] for check in checks(events)] == [99]
    assert events_of(events, "forced", outcome="undefeated") and table.turn_ended
    assert events_of(events, "undefeated") and not events_of(events, "damage")


def test_a_die_face_may_count_as_another(cards):
    """`If any d4 rolled using this weapon is a 4, count it as 9`: each 4 of the pick's 2d4
    adds 9; over seeds, some roll a 4."""
    fours = 0
    for seed in range(1, 25):
        events = play_setup(cards, seed, locations=field("Iron Brute"),
                            characters=[hero("Brannoc Ashvale", hand=["Lucky Pick"])],
                            script={"check": [["Lucky Pick"]], "evade": ["none"]})
        (rolled,) = events_of(events, "roll", dice="2d4")
        (check,) = checks(events)
        assert check["added"] == sum(9 if face == 4 else face for face in rolled["faces"])
        fours += rolled["faces"].count(4)
    assert fours


def test_card_text_may_move_others(cards):
    """`move each character at this location to a random other location`: Brannoc and Tamsin
    at the field both end up at the only other location."""
    table = laid_out(cards, {"locations": [*field("Scattering Gust"),
                                           {"card": "Other Field", "deck": []}],
                             "characters": [hero("Brannoc Ashvale"), hero("Tamsin Reed")],
                             "script": {"evade": ["none"]}})
    brannoc = table.characters[0]
    rt.Encounter(table, brannoc, Card(cards["Scattering Gust"]), brannoc.location).run()
    assert [character.location.name for character in table.characters] == [
        "Other Field", "Other Field"]


@pytest.mark.parametrize(("barrier", "added"), [("Barred Gate", 10), ("Iron Wall", 0)])
def test_an_addition_to_checks_against_a_card_with_a_trait(cards, barrier, added):
    """`to your check to defeat a barrier with the Lock or Obstacle trait`: the gate has the
    Lock trait; the wall has neither, and the card may not be played on it."""
    table, _ = brannoc_encounters(cards, barrier, {"evade": ["none"]}, hand=["Lock Breaker"])
    (check,) = checks(table.log.events)
    assert check["added"] == added
    assert bool(events_of(table.log.events, "play", card="Lock Breaker")) == bool(added)


@pytest.mark.parametrize(("hand", "script", "left"), [
    (["Test Hound", "Pebble"], {}, ["Pebble"]),
    (["Pebble", "Pebble"], {}, []),
    (["Test Hound", "Pebble"], {"either": [2]}, [])])
def test_either_of_two_effects_as_the_character_chooses(cards, hand, script, left):
    """`either banish an ally or a blessing, or discard your hand`: Brannoc banishes his
    ally; with none, he cannot, and discards his hand; a script may choose the second."""
    _, brannoc = brannoc_encounters(cards, "Toll Demon", {"evade": ["none"], **script},
                                    hand=hand)
    assert [card.name for card in brannoc.hand] == left


@pytest.mark.parametrize(("deck", "kept"), [
    (["Test Hound", "Pebble", "Lock Breaker"], ["Pebble"]), (["Test Hound"], [])])
def test_the_top_and_bottom_cards_of_a_deck(cards, deck, kept):
    """`bury the top and bottom cards of your deck`: the first and last of it (the one card
    of a deck of one)."""
    _, brannoc = brannoc_encounters(cards, "Grave Robber", {"evade": ["none"]}, deck=deck)
    assert [card.name for card in brannoc.deck] == kept
    assert sorted(card.name for card in brannoc.buried) == sorted(
        name for name in deck if name not in kept)


@pytest.mark.parametrize(("bane", "fire"), [("Iron Brute", True), ("Iron Wall", False)])
def test_a_condition_on_the_kind_of_check_being_made(cards, bane, fire):
    """`if it is a combat check, also add the Fire trait`: on the check to defeat the brute
    (a combat check), not on the wall's Strength check."""
    table, _ = brannoc_encounters(cards, bane, {"check": [["Flame Focus"]], "evade": ["none"]},
                                  hand=["Flame Focus"])
    given = [event.get("traits") for event in events_of(table.log.events, "added")]
    assert given == ([None, ["Fire"]] if fire else [None])


@pytest.mark.parametrize(("bane", "arcane"), [("Rune Door", True), ("Iron Brute", False)])
def test_a_skill_used_only_for_the_checks_named(cards, bane, arcane):
    """`use your Arcane skill instead of any listed skill for your non-combat check`: Ilsa
    (Strength d4, Arcane d12+2) uses it on the door's Strength check, not on the brute's
    combat check."""
    events = play_setup(cards, locations=field(bane), script={"evade": ["none"]},
                        characters=[hero("Ilsa Thornquill", hand=["Rune Robes"])])
    (check,) = checks(events)
    assert (check["skill"] == "Arcane") == arcane
    assert bool(events_of(events, "play", card="Rune Robes")) == arcane


def test_a_card_put_on_either_end_of_its_deck_goes_to_the_bottom(cards):
    """`put it on either the top or the bottom of the location deck`: the player's choice,
    which cardwright makes the bottom, where the brute is met last."""
    table = laid_out(cards, {"locations": field("Paper Wall", "Iron Wall"),
                             "characters": [hero("Brannoc Ashvale", hand=["Sticky Web"])],
                             "script": {"evade": ["Sticky Web"]}})
    brannoc = table.characters[0]
    rt.Encounter(table, brannoc, Card(cards["Iron Brute"]), brannoc.location).run()
    assert [card.name for card in brannoc.location.deck] == [
        "Paper Wall", "Iron Wall", "Iron Brute"]


@pytest.mark.parametrize("encounters", [True, False])
def test_it_after_an_examination_in_its_sentence_is_the_card_examined(cards, encounters):
    """`examine the top card of your location deck, then you may encounter it`: the wall on
    top is encountered, if Brannoc chooses to."""
    table = laid_out(cards, {"locations": field("Paper Wall"),
                             "characters": [hero("Brannoc Ashvale")],
                             "script": {"evade": ["none", "none"], "may": [encounters]}})
    brannoc = table.characters[0]
    rt.Encounter(table, brannoc, Card(cards["Curious Spy"]), brannoc.location).run()
    assert bool(events_of(table.log.events, "encounter", card="Paper Wall")) == encounters
    assert [card.name for card in brannoc.location.deck] == ([] if encounters
                                                             else ["Paper Wall"])


@pytest.mark.parametrize(("played", "oiled"), [(["Test Axe", "Fire Oil"], True),
                                               (["Fire Oil"], False)])
def test_an_addition_for_a_check_using_a_weapon_follows_one(cards, played, oiled):
    """`add 5 with the Fire trait to a combat check using a weapon`: played after the axe,
    the oil adds 5; played alone, it is refused and stays in hand."""
    table, brannoc = brannoc_encounters(cards, "Iron Brute", {"check": [played],
                                                              "evade": ["none"]},
                                        hand=["Test Axe", "Fire Oil"])
    events = table.log.events
    assert bool(events_of(events, "play", card="Fire Oil")) == oiled
    assert bool(events_of(events, "refused", card="Fire Oil")) != oiled
    assert ("Fire Oil" in [card.name for card in brannoc.hand]) != oiled


@pytest.mark.parametrize(("bane", "kept"), [("Iron Brute", False), ("Straw Beast", True)])
def test_a_condition_on_the_card_a_check_is_against(cards, bane, kept):
    """`If this check is against the Iron Brute, banish this card.`: only against it."""
    _, brannoc = brannoc_encounters(cards, bane, {"check": [["Greedy Blade"]],
                                                  "evade": ["none"]}, hand=["Greedy Blade"])
    assert ("Greedy Blade" in [card.name for card in brannoc.hand]) == kept


def test_a_card_shuffled_into_that_deck_goes_where_the_character_moved(cards):
    """`move to a random open location and shuffle the Roving Roc into that deck`: the Roc
    goes into the deck of the field Brannoc moved to, not the one he met it at."""
    table = laid_out(cards, {"locations": [*field(), {"card": "Other Field", "deck": []}],
                             "characters": [hero("Brannoc Ashvale")],
                             "script": {"evade": ["none"]}})
    brannoc = table.characters[0]
    met_at = brannoc.location
    rt.Encounter(table, brannoc, Card(cards["Roving Roc"]), met_at).run()
    assert brannoc.location is not met_at
    assert [card.name for card in brannoc.location.deck] == ["Roving Roc"]
    assert met_at.deck == []


def test_a_whole_deck_examined_and_then_shuffled(cards):
    """`examine your location deck and then shuffle it`: every card is seen, top first,
    and the same cards are in the deck afterwards, shuffled."""
    walls = ["Paper Wall", "Iron Wall", "Straw Dummy", "Pebble"]
    table = laid_out(cards, {"locations": field(*walls),
                             "characters": [hero("Brannoc Ashvale", hand=["Deck Surveyor"])]})
    brannoc = table.characters[0]
    play_first_power(cards, table)
    (examined,) = events_of(table.log.events, "examine")
    assert examined["cards"] == walls
    assert events_of(table.log.events, "shuffled", location="Plain Field")
    assert sorted(card.name for card in brannoc.location.deck) == sorted(walls)


def test_a_card_put_on_top_of_your_deck_to_examine_the_bottom_cards(cards):
    """`Put this card on top of your deck to examine the bottom 2 cards of the location
    deck`: the card paid is the deck's top card, and the two cards seen are the last two,
    bottom last, left where they were."""
    walls = ["Paper Wall", "Iron Wall", "Straw Dummy", "Pebble"]
    table = laid_out(cards, {"locations": field(*walls),
                             "characters": [hero("Brannoc Ashvale", hand=["Tide Reader"])]})
    brannoc = table.characters[0]
    play_first_power(cards, table)
    (examined,) = events_of(table.log.events, "examine")
    assert examined["cards"] == ["Straw Dummy", "Pebble"]
    assert examined["end"] == "bottom"
    assert brannoc.deck[0].name == "Tide Reader"
    assert "Tide Reader" not in [card.name for card in brannoc.hand]
    assert [card.name for card in brannoc.location.deck] == walls


def test_any_character_deck_is_the_holders_own(cards):
    """`examine the top 2 cards of any character deck`: the player's pick, ruled the
    holder's own deck (docs/rulings.md)."""
    deck = ["Iron Wall", "Pebble", "Straw Dummy", *PEBBLES]
    table = laid_out(cards, {"locations": field("Paper Wall"),
                             "characters": [hero("Brannoc Ashvale", hand=["Deck Diviner"],
                                                 deck=deck)]})
    brannoc = table.characters[0]
    play_first_power(cards, table)
    (examined,) = events_of(table.log.events, "examine")
    assert examined["cards"] == [card.name for card in brannoc.deck[:2]]
    assert examined["location"] == "Brannoc Ashvale"


@pytest.mark.parametrize(("boon", "acquired"), [("Gift of Luck", True), ("Hard Gift", False)])
def test_a_boon_may_be_acquired_with_no_check_when_encountered(cards, boon, acquired):
    """`If you encounter this card, you automatically acquire it.`: no check to acquire it is
    made, and it goes to the hand; the other, its check out of reach, is not acquired."""
    table, brannoc = brannoc_encounters(cards, boon)
    assert bool(checks(table.log.events)) != acquired
    assert (boon in [card.name for card in brannoc.hand]) == acquired


@pytest.mark.parametrize("answer", [True, False])
def test_a_further_cost_in_another_card_buys_more(cards, answer):
    """`you may additionally discard a card to add another 1d6`: paid with the Pebble, a
    second 1d6 is rolled on the check; declined, the Pebble stays in hand."""
    table, brannoc = brannoc_encounters(cards, "Iron Brute",
                                        {"check": [["Twin Staff"]], "evade": ["none"],
                                         "may": [answer]}, hand=["Twin Staff", "Pebble"])
    assert len(events_of(table.log.events, "roll", dice="1d6")) == (2 if answer else 1)
    assert ([card.name for card in brannoc.discards] == ["Pebble"]) == answer


@pytest.mark.parametrize(("encountered", "played"), [("Iron Brute", True), ("Shy Squire", True),
                                                     ("Rune Door", False)])
def test_an_addition_may_be_for_either_of_two_kinds_of_check(cards, encountered, played):
    """`add 1d6 to your combat check or to your check to acquire an ally`: played on the
    check to defeat the Brute and on the check to acquire the Squire, not on the Strength
    check to defeat the door."""
    table, _ = brannoc_encounters(cards, encountered, {"evade": ["none"]},
                                  hand=["Twofold Charm"])
    assert bool(events_of(table.log.events, "play", card="Twofold Charm")) == played


def test_every_card_with_a_trait_leaves_the_hand(cards):
    """`recharge every card with the Magic trait in your hand`: the Glow Stone goes to the
    bottom of Brannoc's deck; the Pebble, with no such trait, stays in his hand."""
    _, brannoc = brannoc_encounters(cards, "Spell Sink", {"evade": ["none"]},
                                    hand=["Glow Stone", "Pebble"])
    assert [card.name for card in brannoc.hand] == ["Pebble"]
    assert brannoc.deck[-1].name == "Glow Stone"


@pytest.mark.parametrize(("boon", "acquired"), [("Humble Squire", True),
                                               ("Proud Squire", False)])
def test_a_boons_text_once_the_check_to_acquire_it_was_made(cards, boon, acquired):
    """`If you acquire this card, draw a card.` / `If you do not acquire this card, bury a
    card.`: only the one for how the check went is done."""
    _, brannoc = brannoc_encounters(cards, boon, hand=["Pebble", "Pebble"])
    assert len(brannoc.buried) == (0 if acquired else 1)
    assert len(brannoc.hand) == (4 if acquired else 1)


def test_decreasing_a_checks_difficulty_is_adding_to_it(cards):
    """`decrease the difficulty of your combat check by 3`: played on the check to defeat the
    Iron Brute, 3 is added to the check; its difficulty stays 10 (docs/rulings.md)."""
    table, _ = brannoc_encounters(cards, "Iron Brute", {"check": [["Easing Charm"]],
                                                        "evade": ["none"]},
                                  hand=["Easing Charm"])
    (check,) = checks(table.log.events)
    assert (check["added"], check["difficulty"]) == (3, 10)


def test_a_damage_rule_of_the_undefeated_window_is_for_the_failed_checks_damage(cards):
    """`If undefeated, the damage dealt by the Spiteful Brute is increased by 2.`: the
    damage for the failed check is 2 more than its shortfall; the Fire damage before the
    encounter is not changed (docs/rulings.md)."""
    table, _ = brannoc_encounters(cards, "Spiteful Brute", {"evade": ["none"]})
    (check,) = checks(table.log.events)
    assert check["result"] == "failure"
    fire, failed = events_of(table.log.events, "damage")
    assert fire["amount"] == 1
    assert failed["amount"] == check["difficulty"] - check["total"] + 2


@pytest.mark.parametrize(("charm", "buried"), [("Tainted Charm", 1), ("Clean Charm", 0)])
def test_a_condition_on_the_traits_of_the_card_played(cards, charm, buried):
    """`if this card has the Corrupted trait, bury a card`: only the charm printed with the
    trait has a card buried when it is played."""
    _, brannoc = brannoc_encounters(cards, "Iron Brute", {"check": [[charm]],
                                                          "evade": ["none"]},
                                    hand=[charm, "Pebble"])
    assert len(brannoc.buried) == buried


@pytest.mark.parametrize(("text", "errors"), [
    ("For your combat check, bury this card to roll 4d6.", []),
    ("Recharge this card to add 5 to a combat check. Then, roll 1d12 and draw a card.",
     ["CW204"]),
    ("Recharge this card to add 5 to a combat check. Then, roll 1d12. On a 1, draw a card.",
     []),
    ("After playing this card, roll 1d12; on a 1, draw a card.", []),
    ("On a 1, draw a card.", ["CW204"])])
def test_dice_for_the_check_are_rolled_only_by_a_powers_own_effect(tmp_path, text, errors):
    """`roll 1d12` with other effects after a power or in a window is neither the dice of
    the check the power was played on nor a roll the next sentence asks about: an error;
    in a sentence of its own, or before `on a 1`, it is a roll for a result; and `On a 1`
    with nothing rolled before it is an error."""
    compilation = compiled(tmp_path, f"Name: Odd Idol\nType: Item\n\n{text}\n")
    assert [d.code for d in compilation.diagnostics] == errors


def test_dice_rolled_for_a_result_decide_what_is_done(cards):
    """`roll 1d6; on a 1, 2, or 3, you take 1 Fire damage` (or the roll in a sentence of its
    own, and `On a 1, 2, or 3, ...` in the next): damage exactly when the die shows 3 or
    less; `on a result other than 1, ..., or 6`: never.  The seeds roll both low and high."""
    faces = set()
    for seed in range(1, 9):
        for imp, hurts in (("Coin Imp", lambda face: face <= 3),
                           ("Split Imp", lambda face: face <= 3),
                           ("Lucky Imp", lambda face: False)):
            table = set_up({"name": "test", "turns": 1, "locations": field(imp),
                            "characters": [hero("Brannoc Ashvale")]}, cards, seed,
                           EventLog(MESSAGES))
            brannoc = table.characters[0]
            rt.Encounter(table, brannoc, Card(cards[imp]), brannoc.location).run()
            (roll,) = events_of(table.log.events, "roll", dice="1d6")
            assert bool(events_of(table.log.events, "damage")) == hurts(roll["total"])
            faces.add(roll["total"] <= 3)
    assert faces == {True, False}


def test_a_table_of_rolls_does_the_row_the_die_shows(cards):
    """`roll 1d4:` then rows `1. ...`, `2. ...`, `3-4. ...`: on a 1 the check is 20 harder;
    on a 2 the card may not be evaded (Brannoc's Smoke Bomb does not evade it); on a 3 or 4
    it goes to the bottom of the deck after the encounter.  Each seed is played twice, once
    trying to evade, and the seeds roll every row."""

    def encounter(seed: int, evade: str) -> tuple[int, Table]:
        table = set_up({"name": "test", "turns": 1, "locations": field("Table Ogre", "Pebble"),
                        "characters": [hero("Brannoc Ashvale", hand=["Smoke Bomb"])],
                        "script": {"evade": [evade], "check": [[]]}}, cards, seed,
                       EventLog(MESSAGES))
        brannoc = table.characters[0]
        rt.Encounter(table, brannoc, brannoc.location.deck.pop(0), brannoc.location).run()
        (roll,) = events_of(table.log.events, "roll", dice="1d4")
        return roll["total"], table

    rows = set()
    for seed in range(1, 13):
        face, table = encounter(seed, "Smoke Bomb")
        assert bool(events_of(table.log.events, "evaded")) == (face != 2)
        face, table = encounter(seed, "none")
        rows.add(min(face, 3))
        assert [event["difficulty"] for event in checks(table.log.events)] == \
            [25 if face == 1 else 5]
        (put_away,) = events_of(table.log.events, "put_away")
        assert put_away["where"].startswith("put at the bottom") == (face >= 3)
    assert rows == {1, 2, 3}


@pytest.mark.parametrize("bane", ["Prism Drake", "Prism Wyrm"])
def test_a_table_of_damage_types_makes_the_damage_of_the_row_the_die_shows(cards, bane):
    """`Roll 1d4 for the type of damage:` (or `roll 1d4. All damage dealt by the Prism Wyrm
    has this type:`), rows `1-2. Acid 3. Electricity` and `4. Fire`: the damage for the
    failed check is Acid on a 1 or 2, Electricity on a 3, Fire on a 4; the seeds roll every
    row."""
    kinds = {1: "Acid", 2: "Acid", 3: "Electricity", 4: "Fire"}
    seen = set()
    for seed in range(1, 13):
        table = set_up({"name": "test", "turns": 1, "locations": field(bane),
                        "characters": [hero("Brannoc Ashvale")],
                        "script": {"evade": ["none"], "check": [[]]}}, cards, seed,
                       EventLog(MESSAGES))
        brannoc = table.characters[0]
        rt.Encounter(table, brannoc, brannoc.location.deck.pop(0), brannoc.location).run()
        (roll,) = events_of(table.log.events, "roll", dice="1d4")
        (damage,) = events_of(table.log.events, "damage")
        assert damage["kind"] == kinds[roll["total"]]
        seen.add(damage["kind"])
    assert seen == {"Acid", "Electricity", "Fire"}


def test_an_addition_for_the_exploration_a_power_grants(cards):
    """`explore your location; add 3 to your combat checks during this exploration`: the
    check to defeat the Iron Brute met in that exploration has 3 added; the one in the
    exploration after it has nothing added."""
    table = laid_out(cards, {"locations": field("Iron Brute", "Iron Brute"),
                             "characters": [hero("Brannoc Ashvale", hand=["Trail Scout"])],
                             "script": {"evade": ["none", "none"], "check": [[], []]}})
    brannoc = table.characters[0]
    play_first_power(cards, table)
    explore(table, brannoc)
    explore(table, brannoc)
    assert [check["added"] for check in checks(table.log.events)
            if check["purpose"] == "to defeat Iron Brute"] == [3, 0]


@pytest.mark.parametrize(("first", "banished"), [("Lucky Coin", True), ("Iron Brute", False)])
def test_the_exploration_a_power_grants_may_banish_a_boon_unencountered(cards, first,
                                                                       banished):
    """`Discard this card to explore your location. If you encounter a boon, banish it.`:
    in that exploration the Lucky Coin (loot, a boon) is banished with no check to acquire
    it; a bane is encountered; in the exploration after it, the Lucky Coin is encountered."""
    table = laid_out(cards, {"locations": field(first, "Lucky Coin"),
                             "characters": [hero("Brannoc Ashvale", hand=["Boon Breaker"])],
                             "script": {"evade": ["none", "none"], "check": [[], []]}})
    brannoc = table.characters[0]
    play_first_power(cards, table)
    explore(table, brannoc)
    explore(table, brannoc)
    events = table.log.events
    assert [event["card"] for event in events_of(events, "banished_unencountered")] == (
        [first] if banished else [])
    assert len(events_of(events, "check")) == (1 if banished else 2)


@pytest.mark.parametrize(("first", "recharged"), [("Iron Brute", True), ("Rising Wall", False)])
def test_the_exploration_a_power_grants_may_recharge_the_card_played(cards, first, recharged):
    """`Discard this card to explore your location. If you encounter a monster, recharge this
    card instead.`: the Iron Brute (a monster) found, the blessing leaves the discard pile
    for the bottom of the deck; the Rising Wall (a barrier) found, it stays discarded."""
    table = laid_out(cards, {"locations": field(first),
                             "characters": [hero("Brannoc Ashvale", hand=["Brute Sign"])],
                             "script": {"evade": ["none"], "check": [[]]}})
    brannoc = table.characters[0]
    play_first_power(cards, table)
    explore(table, brannoc)
    assert ("Brute Sign" in [card.name for card in brannoc.discards]) is not recharged
    assert (brannoc.deck[-1].name == "Brute Sign") is recharged


@pytest.mark.parametrize(("first", "added"), [("Iron Brute", 3), ("Rising Wall", 0)])
def test_the_sentence_after_an_exploration_may_add_to_its_checks(cards, first, added):
    """`Discard this card to explore your location. During this exploration, add 3 to your
    checks against monsters.`: the monster met in that exploration has 3 added to the check
    to defeat it, a barrier nothing."""
    table = laid_out(cards, {"locations": field(first),
                             "characters": [hero("Brannoc Ashvale", hand=["Monster Lantern"])],
                             "script": {"evade": ["none"], "check": [[]]}})
    play_first_power(cards, table)
    explore(table, table.characters[0])
    assert [check["added"] for check in checks(table.log.events)
            if check["purpose"] == f"to defeat {first}"] == [added]


@pytest.mark.parametrize(("hand", "script", "encountered"), [
    (["Monster Lantern"], {}, 2),  # discarded to explore again, once: no other
    (["Monster Lantern"], {"explore": ["none"]}, 1),  # the script says no
    (["Lucky Find"], {}, 2),  # revealed, it stays in hand: once a turn
    (["Monster Lantern", "Trail Scout"], {}, 3),
])
def test_the_default_explores_again_with_its_cards(cards, hand, script, encountered):
    """`Discard this card to explore your location.`: Brannoc (hand 5) explores the Plain
    Field (four Sure Things, each defeated and banished) once, then again with each card
    that explores, while the hand, the card paid, keeps at least half its size."""
    events = play_setup(cards, locations=field(*["Sure Thing"] * 4),
                        characters=[hero("Brannoc Ashvale", hand=hand)], script=script)
    assert len(events_of(events, "encounter")) == encountered
    assert len(events_of(events, "explore_again")) == encountered - 1


@pytest.mark.parametrize(("kept", "explores"), [(4, True), (3, False)])
def test_the_default_explores_again_only_keeping_half_a_hand(cards, kept, explores):
    """Brannoc's hand is 5: holding 4 cards, the Monster Lantern among them, he keeps 3 paying
    it, enough to explore again with; holding 3 he would keep 2, and does not."""
    table = laid_out(cards, {"locations": field("Sure Thing"),
                             "characters": [hero("Brannoc Ashvale", hand=["Monster Lantern"])]})
    brannoc = table.characters[0]
    del brannoc.hand[kept:]
    lantern = brannoc.hand[0]
    plays = [Play(brannoc, lantern, lantern.defn.powers[0])]
    assert (table.policy.explore(table, brannoc, plays) is not None) is explores


@pytest.mark.parametrize(("purpose", "fit"), [
    ("defeat", True), ("acquire", True), ("close", False), (None, False)])
def test_checks_against_a_card_are_those_to_defeat_or_acquire_it(cards, purpose, fit):
    """`your checks against cards that have the Goblin trait`: a check to defeat or to
    acquire such a card, and no other check."""
    spec = {"purpose": "against", "against": ["cards"], "against_traits": ["Goblin"]}
    goblin = rt.CardDef("Goblin Trinket", "Item", traits=("Goblin",))
    option = rt.CheckOption(("Combat",), 5)
    assert CheckWay.of(spec).fits(option, "Melee", purpose, goblin) is fit
    assert not CheckWay.of(spec).fits(option, "Melee", "defeat", cards["Iron Brute"])


def test_a_banes_damage_may_be_reduced_to_at_most_an_amount(cards):
    """`If undefeated, damage dealt by the Gnawing Rats is reduced to 1.`: far short of 99,
    Brannoc is dealt 1 damage."""
    table, _ = brannoc_encounters(cards, "Gnawing Rats", {"evade": ["none"]})
    assert [damage["amount"] for damage in events_of(table.log.events, "damage")] == [1]


@pytest.mark.parametrize(("others", "damaged"), [([], False), (["Tamsin Reed"], True)])
def test_a_condition_that_others_are_at_your_location(cards, others, damaged):
    """`if you are not the only character at your location, you take 1 damage`: only with
    Tamsin beside him is Brannoc dealt damage."""
    table = laid_out(cards, {"locations": field("Crowd Crusher"),
                             "characters": [hero("Brannoc Ashvale"),
                                            *(hero(name) for name in others)]})
    brannoc = table.characters[0]
    rt.Encounter(table, brannoc, Card(cards["Crowd Crusher"]), brannoc.location).run()
    assert bool(events_of(table.log.events, "damage")) == damaged


def encounter_again(table: Table, cards: dict[str, rt.CardDef], bane: str) -> None:
    brannoc = table.characters[0]
    rt.Encounter(table, brannoc, Card(cards[bane]), brannoc.location).run()


def test_text_done_only_the_first_time_in_the_scenario(cards):
    """`The first time in this scenario that anyone would defeat the Stubborn Wall, it is
    undefeated.`: the first check to defeat it fails whatever the dice say; later ones do
    not."""
    table, _ = brannoc_encounters(cards, "Stubborn Wall", {"evade": ["none"]})
    for _ in range(2):
        encounter_again(table, cards, "Stubborn Wall")
    assert [check["result"] for check in checks(table.log.events)] == [
        "failure", "success", "success"]


def test_text_done_only_the_first_time_in_a_turn_and_all_of_it(cards):
    """`The first time the Sulking Door is undefeated this turn, draw a card, then draw a
    card.`: both draws the first time in a turn, none the second, both again next turn."""
    table, _ = brannoc_encounters(cards, "Sulking Door", {"evade": ["none"] * 3})
    draws = [len(events_of(table.log.events, "draw"))]
    encounter_again(table, cards, "Sulking Door")
    draws.append(len(events_of(table.log.events, "draw")))
    table.turn += 1
    encounter_again(table, cards, "Sulking Door")
    draws.append(len(events_of(table.log.events, "draw")))
    assert draws == [2, 2, 4]


@pytest.mark.parametrize("draws", [True, False])
def test_a_choice_has_its_consequence_when_declined(cards, draws):
    """`you may draw a card; if you do not, recharge all of your allies and blessings`."""
    hand = ["Test Hound", "Pebble"]
    table, brannoc = brannoc_encounters(cards, "Wavering Shade", {"evade": ["none"],
                                                                  "may": [draws]}, hand=hand)
    assert len(events_of(table.log.events, "draw")) == (1 if draws else 0)
    kept = [card.name for card in brannoc.hand]
    assert kept == (["Test Hound", "Pebble", "Pebble"] if draws else ["Pebble"])


@pytest.mark.parametrize(("bane", "drawn"), [("Straw Beast", 1), ("Straw Dummy", 0)])
def test_a_weapons_text_on_defeating_a_monster_with_it(cards, bane, drawn):
    """`If you defeat a monster while playing this weapon, draw a card.`: the blade is played
    on each combat check; only the monster's defeat draws."""
    table, _ = brannoc_encounters(cards, bane, {"check": [["Victor's Blade"]],
                                                "evade": ["none"]}, hand=["Victor's Blade"])
    events = table.log.events
    assert events_of(events, "defeated")
    assert len(events_of(events, "draw")) == drawn


def test_a_power_may_be_written_with_an_alternative_of_its_own_cost_or_another(tmp_path):
    """`..., or recharge it to ...` and `..., or to ...`: two powers of the card, each its
    own cost and effects, on the checks the first names."""
    compilation = compiled(tmp_path, """Name: Twin Shield
Type: Armor

Reveal this card to reduce damage dealt to you by 1, or recharge it to reduce damage dealt \
to you by 3.
---
Name: Twin Charm
Type: Item

For your combat check, discard this card to add 1 die, or to explore your location.
""")
    assert compilation.ok, [str(item) for item in compilation.diagnostics]
    shield, charm = compilation.programs
    assert [(power["cost"], power["spec"]["amount"]["plus"]) for power in shield["powers"]] \
        == [("reveal", 1), ("recharge", 3)]
    assert [(power["cost"], [effect["op"] for effect in power["effects"]])
            for power in charm["powers"]] == [("discard", ["add_dice"]), ("discard", ["explore"])]


def test_a_card_evaded_may_be_put_on_top_of_its_deck_rather_than_shuffled_in(cards):
    """`Discard this card to evade a monster; return it to the top of the deck.`"""
    table, _ = brannoc_encounters(cards, "Straw Beast", {"evade": ["Tide Charm"]},
                                  hand=["Tide Charm"])
    (put_away,) = events_of(table.log.events, "put_away")
    assert events_of(table.log.events, "evaded")
    assert put_away["where"] == "put on top of Plain Field's deck"


@pytest.mark.parametrize(("character", "difficulty"),
                         [("Ilsa Thornquill", 19), ("Brannoc Ashvale", 16)])
def test_a_condition_may_ask_the_characters_own_traits(cards, character, difficulty):
    """`If your character has the Elf trait, the difficulty to defeat is increased by 3.`:
    Ilsa is an Elf, Brannoc is not."""
    events = play_setup(cards, locations=field("Elf-Bane Reaver"), characters=[hero(character)],
                        script={"evade": ["none"]})
    assert [check["difficulty"] for check in checks(events)][:1] == [difficulty]


def test_damage_may_cost_cards_buried_rather_than_discarded(cards):
    """`Damage dealt by the Grave Ogre causes cards to be buried instead of discarded.`"""
    _, brannoc = brannoc_encounters(cards, "Grave Ogre", {"evade": ["none"]},
                                    hand=["Pebble"] * 5)
    assert brannoc.buried and not brannoc.discards


def test_a_location_deck_may_be_searched_for_a_card(cards):
    """`search your location deck and choose an ally to add to your hand`: the ally leaves
    the location's deck for Brannoc's hand; the deck's other cards stay."""
    table = laid_out(cards, {"locations": [{"card": "Plain Field",
                                            "deck": ["Pebble", "Test Hound", "Pebble"]}],
                             "characters": [hero("Brannoc Ashvale")],
                             "script": {"evade": ["none"]}})
    brannoc = table.characters[0]
    brannoc.hand = []
    rt.Encounter(table, brannoc, Card(cards["Treasure Keeper"]), brannoc.location).run()
    assert [card.name for card in brannoc.hand] == ["Test Hound"]
    assert [card.name for card in brannoc.location.deck] == ["Pebble", "Pebble"]


@pytest.mark.parametrize(("hand", "difficulty"), [
    (["Test Hound", "Test Hound", "Pebble"], 12), (["Pebble"], 10)])
def test_the_difficulty_to_defeat_may_grow_with_cards_in_hand(cards, hand, difficulty):
    """`the difficulty to defeat is increased by the number of allies in your hand`."""
    table, _ = brannoc_encounters(cards, "Ally Counter", {"evade": ["none"], "check": [[]]},
                                  hand=hand)
    (check,) = checks(table.log.events)
    assert check["difficulty"] == difficulty


def difficulty_played_on(cards: dict[str, rt.CardDef], bane: str, played: list[str]) -> int:
    """The difficulty of Brannoc's check to defeat `bane` with `played` played on it."""
    events = play_setup(cards, locations=field(bane),
                        characters=[hero("Brannoc Ashvale", hand=played)],
                        script={"check": [played], "evade": ["none"]})
    (check,) = checks(events)
    return check["difficulty"]


@pytest.mark.parametrize(("played", "difficulty"), [
    ([], 10), (["Test Axe"], 12), (["Test Axe", "Torch"], 12)])
def test_a_resistance_makes_the_check_with_its_trait_harder(cards, played, difficulty):
    """`Resistant to Axe and Fire.`: 2 harder with either trait, and once with both."""
    assert difficulty_played_on(cards, "Waxen Brute", played) == difficulty


@pytest.mark.parametrize(("played", "difficulty"), [
    (["Torch"], 8), (["Flame Focus"], 8), (["Test Axe", "Torch"], 10)])
def test_a_vulnerability_makes_the_check_with_its_trait_easier(cards, played, difficulty):
    """`Vulnerable to Fire.`: 2 easier with the trait, a card's own or one it adds to the
    check (Flame Focus); with a trait it resists as well, as hard as with neither."""
    assert difficulty_played_on(cards, "Tallow Brute", played) == difficulty


@pytest.mark.parametrize(("bane", "evaded"), [("Gate Caller Bash", True),
                                              ("Thing Caller Bash", False)])
def test_a_summoned_cards_outcome_may_decide_what_the_text_does(cards, bane, evaded):
    """`If the Iron Gate is not defeated, this barrier is evaded.`: after the summons, as
    more of the sentence before; the Iron Gate is not defeated, the Sure Thing is."""
    table, _ = brannoc_encounters(cards, bane, {"evade": ["none"], "check": [[], [], []]})
    events = table.log.events
    assert bool(events_of(events, "evaded", card=bane)) is evaded
    assert bool(events_of(events, "defeated", card=bane)) is not evaded


@pytest.mark.parametrize(("bane", "difficulty"), [("Gate Rider", 15), ("Thing Rider", 10)])
def test_it_after_a_summons_is_the_card_summoned(cards, bane, difficulty):
    """`summon and encounter an Iron Gate; if it is not defeated, the difficulty to defeat is
    increased by 5`: `it` is the card summoned last, after another was summoned first."""
    table, _ = brannoc_encounters(cards, bane, {"evade": ["none"], "check": [[], []]})
    assert [check["difficulty"] for check in checks(table.log.events)
            if check["purpose"] == f"to defeat {bane}"] == [difficulty]


@pytest.mark.parametrize(("bane", "outcome"), [("Imp Pair", "undefeated"),
                                               ("Guard Pair", "defeated")])
def test_a_kind_of_card_names_each_summoned_card_of_that_kind(cards, bane, outcome):
    """`If either monster is not defeated, this barrier is undefeated.` (the Runaway Imp is
    not), `If both summoned monsters are defeated, this barrier is defeated.` (with no check
    to defeat it, though one that could not succeed is printed)."""
    table, _ = brannoc_encounters(cards, bane, {"evade": ["none"], "check": [[], [], []]})
    events = table.log.events
    assert events_of(events, outcome, card=bane)
    assert not [check for check in checks(events) if check["purpose"] == f"to defeat {bane}"]


@pytest.mark.parametrize("villain", ["Sealing Lich", "Abyss Warden"])
def test_a_villain_may_keep_locations_from_being_closed_for_now(cards, villain):
    """`a random other open location cannot be temporarily closed`: of the Rift Gate and the
    Calm Gate, each with a character who would close it, one the dice pick is not tried;
    `locations that have the Abyssal trait ...`: the Rift Gate is not."""
    events = play_setup(cards, locations=[*field(villain), {"card": "Rift Gate", "deck": []},
                                          {"card": "Calm Gate", "deck": []}],
                        characters=[hero("Brannoc Ashvale"),
                                    {**hero("Ilsa Thornquill"), "location": "Rift Gate"},
                                    {**hero("Tamsin Reed"), "location": "Calm Gate"}],
                        script={"evade": ["none"], "check": [[]] * 3})
    (barred,) = events_of(events, "not_closable")
    closed = [event["location"] for event in events_of(events, "temporarily_closed")]
    assert sorted(barred["locations"] + closed) == ["Calm Gate", "Rift Gate"]
    assert len(closed) == 1
    if villain == "Abyss Warden":
        assert closed == ["Calm Gate"]


def test_cards_examined_of_a_kind_go_and_the_rest_are_shuffled(cards):
    """`examine the top 3 cards of your deck and discard any allies`: the Loyal Hound among
    them is discarded, the one in the hand and the one below them are not; `Shuffle any
    remaining cards into your deck.` shuffles it."""
    table, brannoc = brannoc_encounters(
        cards, "Mirror Siren", {"evade": ["none"], "check": [[]]}, hand=["Loyal Hound"],
        deck=["Pebble", "Loyal Hound", "Torch", "Loyal Hound", "Pebble"])
    assert [card.name for card in brannoc.discards] == ["Loyal Hound"]
    assert [card.name for card in brannoc.hand] == ["Loyal Hound"]
    assert sorted(card.name for card in brannoc.deck) == ["Loyal Hound", "Pebble", "Pebble",
                                                            "Torch"]
    assert events_of(table.log.events, "shuffled", location="Brannoc Ashvale")


@pytest.mark.parametrize(("order", "deck"), [
    (None, ["Pebble", "Iron Brute", "Sure Thing", "Torch"]),
    (["Torch", "Iron Brute", "Sure Thing"], ["Pebble", "Torch", "Iron Brute", "Sure Thing"])])
def test_cards_examined_may_go_back_in_any_order(cards, order, deck):
    """`You may put them back in any order.` after examining the bottom 3 cards: in the
    order the script gives, or by default as they were."""
    table = laid_out(cards, {"locations": field("Pebble", "Iron Brute", "Sure Thing", "Torch"),
                             "characters": [hero("Brannoc Ashvale", hand=["Bottom Seer"])],
                             "script": {"may": [True], **({"order": [order]} if order else {})}})
    play_first_power(cards, table)
    assert [card.name for card in table.locations[0].deck] == deck


@pytest.mark.parametrize("hand", [[], ["Torch"]])
def test_cards_lost_from_the_hand_or_from_the_deck(cards, hand):
    """`discard 2 cards from your hand or from your deck`: with an empty hand, the top 2
    cards of Brannoc's deck; with the Torch in hand, the same, as the player keeps the card
    it values more (Policy.discards)."""
    _, brannoc = brannoc_encounters(cards, "Hoarding Wraith", {"evade": ["none"],
                                                               "check": [[]]},
                                    hand=hand, deck=["Pebble"] * 3)
    assert [card.name for card in brannoc.discards] == ["Pebble", "Pebble"]
    assert ([card.name for card in brannoc.hand], len(brannoc.deck)) == (hand, 1)


@pytest.mark.parametrize(("bane", "outcome"), [("Imp Brace", "undefeated"),
                                               ("Guard Brace", "defeated")])
def test_both_are_the_cards_summoned_before(cards, bane, outcome):
    """`If both are defeated, this barrier is defeated.`: each card summoned, not the last
    only (the Runaway Imp, summoned first, is not defeated, so the Strength 99 check is made
    and fails)."""
    table, _ = brannoc_encounters(cards, bane, {"evade": ["none"], "check": [[], [], []]})
    assert events_of(table.log.events, outcome, card=bane)


@pytest.mark.parametrize(("script", "chosen", "top", "bottom"), [
    ({}, "Item", ["Pebble", "Pebble"], None),
    ({"card_type": ["Monster"]}, "Monster", [], "Iron Brute"),
    ({"card_type": ["Monster"], "deck_end": ["top"]}, "Monster", ["Iron Brute"], None),
])
def test_cards_of_a_chosen_type_are_set_aside_and_put_back(cards, script, chosen, top, bottom):
    """`choose a type of card and examine the top 3 cards ... set them aside ... put the cards
    you set aside ... at either the top or bottom of the deck`: by default the type most of
    the deck's cards are (Item: the Pebbles), boons back on top, banes at the bottom."""
    deck = ["Pebble", "Iron Brute", "Pebble", "Sure Thing", "Pebble"]
    table = laid_out(cards, {"locations": [{"card": "Plain Field", "deck": deck}],
                             "characters": [hero("Brannoc Ashvale", hand=["Test Augury"])],
                             "script": script})
    play_first_power(cards, table)
    after = [card.name for card in table.locations[0].deck]
    (chose,) = events_of(table.log.events, "chose_type")
    assert chose["type"] == chosen
    assert sorted(after) == sorted(deck)
    assert after[:len(top)] == top
    if bottom is not None:
        assert after[-1] == bottom


@pytest.mark.parametrize(("hand", "outcome"), [(["Mind Blade"], "defeated"),
                                               (["Pebble"], "undefeated")])
def test_a_bane_may_offer_to_be_defeated_for_a_card(cards, hand, outcome):
    """`You may bury a spell to defeat the Spell Glutton.`: with a spell in hand, Brannoc buries
    it and the bane is defeated with no check; with none, the check (99) fails."""
    table, brannoc = brannoc_encounters(cards, "Spell Glutton",
                                        {"evade": ["none"], "check": [[]]}, hand=hand)
    events = table.log.events
    assert events_of(events, outcome, card="Spell Glutton")
    assert [card.name for card in brannoc.buried] == (hand if outcome == "defeated" else [])
    assert bool(checks(events)) is (outcome == "undefeated")


@pytest.mark.parametrize(("bane", "outcome"), [("Test Legion", "defeated"),
                                               ("Doomed Legion", "undefeated")])
def test_each_character_may_attempt_the_check_to_defeat_with_a_skill_of_its_own(cards, bane,
                                                                               outcome):
    """`Each character chooses a different check to defeat. Each character who fails a check
    to defeat must attempt a Combat 0 check. If any character fails both checks, ...`: both
    characters fail (99), Tamsin with Wisdom, as Ilsa chose Intelligence, the better skill of
    both, and neither takes damage for it; then each attempts the second check, and the
    Legion is undefeated only if one fails that too."""
    events = play_setup(cards, locations=field(bane),
                        characters=[hero("Ilsa Thornquill"), hero("Tamsin Reed")],
                        script={"evade": ["none"]})
    to_defeat = [check for check in checks(events) if check["purpose"] == f"to defeat {bane}"]
    assert [(check["character"], check["skill"]) for check in to_defeat] == [
        ("Ilsa Thornquill", "Intelligence"), ("Tamsin Reed", "Wisdom")]
    assert [check["difficulty"] for check in checks(events)
            if check["purpose"] == f"against {bane}"] == [0 if outcome == "defeated" else 99] * 2
    assert events_of(events, outcome, card=bane)
    assert not events_of(events, "damage")
