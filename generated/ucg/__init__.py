"""The cards of one game that cardwright built: each card's module, by the card's name."""

GAME = 'ucg'
MODULES = {
    'Ember Duelist': 'ember_duelist',
    'Gale Runner': 'gale_runner',
    'Stonehide Brute': 'stonehide_brute',
    'Shield Squire': 'shield_squire',
    'Veil Stalker': 'veil_stalker',
    'Thunder Lancer': 'thunder_lancer',
    'Iron Warden': 'iron_warden',
    'Phantom Courier': 'phantom_courier',
    'Ash Acolyte': 'ash_acolyte',
    'Night Fox': 'night_fox',
    'Granite Colossus': 'granite_colossus',
    'Spearline Captain': 'spearline_captain',
    'Wraith Blade': 'wraith_blade',
    'Bramble Knight': 'bramble_knight',
    'Sly Trickster': 'sly_trickster',
    'Dawn Sentinel': 'dawn_sentinel',
    'Battle Fury': 'battle_fury',
    'Sapping Hex': 'sapping_hex',
    'Fire Bolt': 'fire_bolt',
    'Mind Spike': 'mind_spike',
    'Rallying Cry': 'rallying_cry',
    'Crushing Blow': 'crushing_blow',
}
