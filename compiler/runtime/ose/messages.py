"""How each ose event reads in the text log."""

MESSAGES = {
    "scenario": "scenario: {name} (seed {seed}): the party is {party}",
    "encounter": "turn {turn}: {encounter} ({where}{dark})",
    "appear": "{monster}: {count} appear ({dice}: {faces})",
    "appear_fixed": "{monster}: {count} appear",
    "nobody_appears": "no monsters turn up",
    "not_played": "{monster}: {abilities}: rules not on the card, not played",
    "not_surprised": "{side} cannot be surprised: {reason}",
    "surprise": "{side} roll {face} for surprise (surprised on 1-{high}): {result}",
    "distance": "encounter distance: {dice} {faces} x 10 = {distance} {unit}",
    "advantage": "{side} act alone in the first round: the other side is surprised",
    "initiative": "initiative: the party {party}, the monsters {monsters}: {first}",
    "always_attacks": "the monsters always attack",
    "reaction": "{speaker} speaks for the party; reaction 2d6 {faces}, Charisma {charisma:+d}, "
                "cards {bonus:+d}: {total}, {result}",
    "response": "the party chooses to {response}",
    "evaded": "the monsters let the party flee: the encounter is avoided",
    "pursuit": "the monsters give chase: the party moves {party}' a round, the monsters "
               "{monsters}', for at most {rounds} rounds",
    "combat": "combat begins ({why}): {order} in the first round",
    "parley": "the sides talk; the monsters are {mood}",
    "conclusion": "the encounter ends: {outcome}; one turn has passed",
    "outcome": "after {turns} turns: {outcomes}",
}
