"""Account (learners): sign in, create an account, sign out here or on every device.

One account per learner: the quiz, progress, "My class" and play pages all keep their data under it, and
the browser stays signed in across reloads, tabs and server restarts until the learner signs out.
"""

from __future__ import annotations

import streamlit as st

from trainer.ui import auth
from trainer.ui.context import PageContext
from trainer.ui.views.account import sign_in_forms, signed_in_bar
from trainer.ui.views.page_state import note_state, run_page


def render(ctx: PageContext) -> None:
    t = ctx.t
    st.title(t("Your account"))
    account = auth.current_learner()
    note_state(signed_in=account is not None)
    if account is None:
        st.markdown(
            t(
                "With an account your answers, chapters and games are kept, on this device and on any other "
                "where you sign in. Nobody else can open them."
            )
        )
        sign_in_forms(ctx, key="account")
        return
    signed_in_bar(ctx, account, key="account")
    st.caption(t("You stay signed in on this device, also after closing the browser, until you sign out."))
    if st.button(t("Sign out on every device"), key="account_signout_all", icon=":material/devices:"):
        auth.sign_out_learner(everywhere=True)
        st.rerun()


run_page("account", render)
