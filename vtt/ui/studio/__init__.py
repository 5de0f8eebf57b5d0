"""The Sandbox studio's window: the pack editor beside the table (issue 27).

Everything here draws and edits; what the studio decides lives in ``vtt.studio``.
"""
