"""The cards of one game that cardwright built: each card's module, by the card's name."""

GAME = 'ose'
MODULES = {
    'Brannoc': 'brannoc',
    'Ysolde': 'ysolde',
    'Pip Underbough': 'pip_underbough',
    'Mirela': 'mirela',
    'Goblin Warren': 'goblin_warren',
    'Torchlit Patrol': 'torchlit_patrol',
    'Stalkers in the Crypt': 'stalkers_in_the_crypt',
    'Ooze Pit': 'ooze_pit',
    'Wolves at Dusk': 'wolves_at_dusk',
    'Pilgrims on the Road': 'pilgrims_on_the_road',
    'Drowned Ford': 'drowned_ford',
    'Bat Roost': 'bat_roost',
    'Gutter Goblin': 'gutter_goblin',
    'Lantern Bearer': 'lantern_bearer',
    'Shade Stalker': 'shade_stalker',
    'Quivering Ooze': 'quivering_ooze',
    'Grey Wolf': 'grey_wolf',
    'Wandering Pilgrim': 'wandering_pilgrim',
    'River Serpent': 'river_serpent',
    'Gloom Bat': 'gloom_bat',
}
