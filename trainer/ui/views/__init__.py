"""What the UI draws, one module per thing: the card table (:mod:`.table`), the viewer's hand as card
buttons (:mod:`.hand`), card pictures and sizes (:mod:`.cards`), the running points (:mod:`.points`).
See README.md in this folder for how a page uses them."""
