"""The learner's account forms: sign in, create an account (with a password, or with a personal key the
app makes and shows once, with a copy button), and the signed-in line with sign-out.

Used by the account page, the progress page and "My class"; the forms call :mod:`trainer.ui.auth`, which
keeps the session (and its cookie) so a reload, a second tab or a server restart keeps the learner in.
"""

from __future__ import annotations

import streamlit as st

from trainer.errors import SkatError
from trainer.safe_text import for_markdown
from trainer.store.accounts import Account
from trainer.ui import auth
from trainer.ui.context import PageContext
from trainer.ui.terms import t_error

ACCOUNT_PAGE = "trainer/ui/pages/account.py"
NEW_KEY_KEY = "auth_new_personal_key"
"""Session key: the personal key just made, shown once on the next run."""
KEY_CHOICE = "key"
PASSWORD_CHOICE = "password"


def sign_in_forms(ctx: PageContext, key: str = "account") -> None:
    """Tabs 'Sign in' and 'Create an account'. On success the session starts and the page reruns."""
    t = ctx.t
    sign_in, create = st.tabs([t("Sign in"), t("Create an account")])
    with sign_in, st.form(f"{key}_signin"):
        name = st.text_input(t("Your name"), key=f"{key}_signin_name", max_chars=40)
        secret = st.text_input(
            t("Password or personal key"), type="password", key=f"{key}_signin_secret", max_chars=200
        )
        if st.form_submit_button(t("Sign in"), type="primary", key=f"{key}_signin_submit"):
            try:
                account = auth.account_store().sign_in(name, secret, client=auth.client_key())
            except SkatError as error:
                st.error(t_error(error, t), icon=":material/lock:")
            else:
                auth.sign_in_learner(account.id)
                st.rerun()
    with create:
        choice = st.radio(
            t("How do you want to sign in later?"),
            (KEY_CHOICE, PASSWORD_CHOICE),
            format_func=lambda c: (
                t("With a personal key the app makes for me")
                if c == KEY_CHOICE
                else t("With a password I choose")
            ),
            key=f"{key}_create_choice",
        )
        with st.form(f"{key}_create"):
            name = st.text_input(
                t("Your name"),
                key=f"{key}_create_name",
                max_chars=40,
                help=t("Your teacher and classmates see this name. It must not be taken yet."),
            )
            password = again = ""
            if choice == PASSWORD_CHOICE:
                password = st.text_input(
                    t("Password"),
                    type="password",
                    key=f"{key}_create_password",
                    help=t("At least 8 characters. It is stored only as a salted hash."),
                )
                again = st.text_input(t("Password again"), type="password", key=f"{key}_create_again")
            if st.form_submit_button(t("Create the account"), type="primary", key=f"{key}_create_submit"):
                if choice == PASSWORD_CHOICE and password != again:
                    st.error(t("The two passwords are not the same."))
                    return
                try:
                    made = auth.account_store().sign_up(
                        name, password if choice == PASSWORD_CHOICE else None, client=auth.client_key()
                    )
                except SkatError as error:
                    st.error(t_error(error, t))
                else:
                    auth.sign_in_learner(made.account.id)
                    if made.personal_key:
                        st.session_state[NEW_KEY_KEY] = made.personal_key
                    st.rerun()


def new_key_notice(ctx: PageContext) -> None:
    """The personal key just made, once, with a copy button (``st.code`` has one)."""
    personal_key = st.session_state.pop(NEW_KEY_KEY, None)
    if not personal_key:
        return
    t = ctx.t
    with st.container(border=True, key="auth_new_key"):
        st.success(
            t(
                "Your account is ready. This is your personal key: copy it or write it down now. It is shown "
                "only this once; with your name and this key you sign in on any device."
            ),
            icon=":material/key:",
        )
        st.code(personal_key, language=None)


def signed_in_bar(ctx: PageContext, account: Account, key: str = "account") -> None:
    """'Signed in as …' with the sign-out buttons."""
    t = ctx.t
    new_key_notice(ctx)
    left, right = st.columns([3, 2], vertical_alignment="center")
    left.markdown(t("Signed in as {name}.", name="**" + for_markdown(account.name) + "**"))
    if right.button(t("Sign out"), key=f"{key}_signout", icon=":material/logout:"):
        auth.sign_out_learner()
        st.rerun()


def signed_in_caption(ctx: PageContext, account: Account | None) -> None:
    """One line for pages that work without an account too (the quiz): who is signed in, or a link."""
    t = ctx.t
    if account is not None:
        st.caption(t("Signed in as {name}: your answers are kept.", name=for_markdown(account.name)))
    else:
        st.page_link(
            ACCOUNT_PAGE,
            label=t("Sign in to keep your progress"),
            icon=":material/account_circle:",
        )
