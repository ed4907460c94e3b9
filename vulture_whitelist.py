"""Names the dead-code check (vulture, .ci/run) cannot see used: called by a framework, registered by a
decorator, or kept on purpose. Each line names one; a name here is used, as far as vulture is concerned.

Run: vulture trainer tests benchmarks scripts streamlit_app.py vulture_whitelist.py --min-confidence 60
--exclude trainer/store/migrations (Alembic reads the migrations' module-level names itself)."""

# ruff: noqa: B018, F821

# functools.singledispatch registrations: called through the generic function they register with
_english_name, _english_card, _english_seat, _english_error, _english_game, _english_declaration
_english_profile, _english_sequence, _english_bool, _english_message, _english_breakdown
_cards_side_by_side
_say_bool, _say_card, _say_sequence, _say_rank

# Python's own protocols
_missing_  # Enum: Seat(…) from a number or a name
__call__  # Translator instances are called
__spec__  # tests/engine/test_cli.py fakes a module

# SQLAlchemy: column attributes of mapped classes, type decorators and event hooks
added_at, actor_id, done_at, changed_at
impl, cache_ok, process_bind_param, process_result_value
_on_connect, _on_begin, isolation_level

# the store: row fields read by name through trainer.store.values.value_of (dataclasses.fields), the bound
# of its type variable (typing only), and the shapes of trainer/store/ddl.py the migrations (excluded) use
joined_at, opened_at
DataclassInstance
utc, id_column, primary_key, references

# numba's ahead-of-time compiler reads these settings
release_gil, output_dir, verbose

# pytest: module marks, fixtures used by name, session hooks
pytestmark, pytest_sessionstart, _chromium_installed, _python_solver, _compiled_solver, _empty_registry
_own_store

# left to the lanes that own these modules (issue 43: pages, problems, quiz, store, teacher, tables)
iter_seeds  # trainer/problems/generate.py
_random_result  # trainer/quiz/generators.py
is_open  # trainer/store/classes.py
_is_number  # trainer/store/repository.py
PLAY_PRACTICE  # trainer/ui/lesson_view.py: the hook the lessons' "play a deal" link waits for
VERSION_KEY  # trainer/ui/pages/table.py
BIG_CARD_WIDTH_CSS, HAND_CARD_WIDTH_CSS  # trainer/ui/pages/teacher_common.py
problem_deviation  # trainer/store/play_ratings.py: a stored column (the problem's deviation after an answer)
