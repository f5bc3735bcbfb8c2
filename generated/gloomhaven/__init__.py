"""The cards of one game that cardwright built: each card's module, by the card's name."""

GAME = 'gloomhaven'
MODULES = {
    'Shield Bash': 'shield_bash',
    'Overwhelming Assault': 'overwhelming_assault',
    'Iron Hide': 'iron_hide',
    'Wide Swing': 'wide_swing',
    'Mending Chorus': 'mending_chorus',
    'Thunder Peal': 'thunder_peal',
    'Bandit Archer': 'bandit_archer',
    'Living Bones': 'living_bones',
    'Archer Volley': 'archer_volley',
    'Archer Aim': 'archer_aim',
    'Archer Retreat': 'archer_retreat',
    'Bones Shamble': 'bones_shamble',
    'Bones Guard': 'bones_guard',
    'Bones Mend': 'bones_mend',
    'Bones Sweep': 'bones_sweep',
    'Bone Tyrant': 'bone_tyrant',
    'Tyrant Crush': 'tyrant_crush',
    'Tyrant Roar': 'tyrant_roar',
    'Tyrant Frenzy': 'tyrant_frenzy',
    'Tyrant Call': 'tyrant_call',
    'Single Out': 'single_out',
    "Trickster's Reversal": 'trickster_s_reversal',
    'Quick Hands': 'quick_hands',
    'Backstab': 'backstab',
}
