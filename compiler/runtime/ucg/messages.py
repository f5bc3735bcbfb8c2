"""How each ucg event reads in the text log."""

MESSAGES = {
    "duel": "duel: {name} (seed {seed}): {players}",
    "turn": "turn {turn}: {player} ({deck} cards in the deck)",
    "draw": "{player} draws {card} ({left} left in the deck)",
    "enter": "{player} puts {character} (Combat {combat}) into the Active Zone",
    "declare": "{player} attacks with {attacker} (Combat {combat})",
    "block": "{player} blocks with {blockers}",
    "unblocked": "{player} does not block",
    "play": "{player} plays {play} {when}, targeting {targets} ({zones} Effect Zones free)",
    "resolve": "{play} resolves",
    "fizzles": "{play} does nothing: {why}",
    "damaged": "{character} takes {amount} damage from {by} ({damage} against Combat {combat})",
    "combat_changed": "{character} gets {amount} Combat from {by} (now {combat})",
    "strike": "{step}, {source} deals {amount} to {target} ({damage} against Combat {combat})",
    "overpower": "{attacker} overpowers: {amount} damage goes to the deck",
    "unopposed": "{attacker} is unopposed: {amount} damage goes to the deck",
    "milled": "{player} puts {cards} into the Void ({why}); {left} left in the deck",
    "slain": "{character} is slain and goes to The Void",
    "after": "{character} goes to {zone}",
    "end_turn": "end of turn; decks: {decks}",
    "outcome": "{outcome}: {reason}",
}
