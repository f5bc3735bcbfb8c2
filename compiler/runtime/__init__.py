"""What generated card modules import and what plays them: seeded dice, the event log, and one
package per game's encounter procedure.

Nothing here imports the rest of `compiler`, lark or jinja2: the runtime knows
cards only as the objects generated modules hand it.
"""
