"""The pieces of the net and room screens' HTML: escaped text, fields, buttons, problems.

Pure functions of their arguments (no DOM). Every text that reaches the page goes through
`e`; a field with `draft` keeps what was typed across redraws (NetPage.drafts).
"""

from __future__ import annotations

from html import escape


def e(value) -> str:
    """`value` as HTML text (quotes escaped too: it may stand in an attribute)."""
    return escape(str(value), quote=True)


def nowrap(text) -> str:
    """Escaped text that does not break across lines (a code read out in one piece)."""
    return f'<span class="nowrap">{e(text)}</span>'


def problem(text) -> str:
    """The last problem, said at once (role alert); nothing without one."""
    return f'<p class="problem" role="alert">{e(text)}</p>' if text else ""


def button(ctl, label, style="", **data) -> str:
    """A button of the page's click handler (`data-ctl`); `data` adds data-* attributes."""
    cls = f"btn {style}" if style else "btn"
    more = "".join(f' data-{k}="{e(v)}"' for k, v in data.items())
    return f'<button type="button" class="{cls}" data-ctl="{ctl}"{more}>{e(label)}</button>'


def actions(*buttons) -> str:
    """A row of buttons."""
    return f'<div class="setup-actions">{"".join(buttons)}</div>'


def text_field(key, label, value, *, draft=False, readonly=False, wide=False,
               maxlength=None, extra="") -> str:
    """A labelled one-line text input with the id `key` (`extra`: more attributes)."""
    attrs = f' data-draft="{key}"' if draft else ""
    attrs += " readonly" if readonly else ""
    attrs += f' maxlength="{maxlength}"' if maxlength else ""
    return (f'<label class="field{" wide" if wide else ""}"><span>{e(label)}</span>'
            f'<input type="text" id="{key}" value="{e(value)}"{attrs} autocomplete="off" '
            f'spellcheck="false"{extra}></label>')


def select(key, label, value, choices) -> str:
    """A labelled drop-down (`choices`: (value, text)) whose choice is kept as a draft."""
    options = "".join(f'<option value="{e(v)}"{" selected" if v == value else ""}>'
                      f'{e(text)}</option>' for v, text in choices)
    return (f'<label class="field"><span>{e(label)}</span>'
            f'<select id="{key}" data-draft="{key}">{options}</select></label>')
