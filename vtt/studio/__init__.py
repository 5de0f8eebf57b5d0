"""The Sandbox studio's pure parts (no Qt): what a game designer's tools know.

Making a new pack from the rule text's five questions (The Object, The Deck, The
Deal, The Play, The End) and its starting templates, completion and help for the
pack editor, checks on a pack's meaning (a phase never reached, a move never
legal...), and a free table written out as a pack. The window's studio
(``vtt/ui/studio``) draws and edits; everything it decides comes from here, from
the check pass (``vtt.rules.loader.check_pack_text``) and from the match.
"""
