// The game menu in the header: on wide screens its entries sit in a row; on
// small ones (css/toolbar.css) they fold behind the Menu button into a list
// that closes on Escape, a click outside or once an entry is chosen. The
// Settings entry opens the settings panel (a static dialog in index.html).

/** Wire the Menu button, its entries and the Settings entry. */
export function initMenu({ toggle, menu, settingsButton, settingsDialog }) {
  const setOpen = (open) => {
    toggle.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("is-open", open);
  };
  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
  menu.addEventListener("click", (event) => event.target.closest("button") && setOpen(false));
  document.addEventListener("pointerdown", (event) => !toggle.closest("nav").contains(event.target) && setOpen(false));
  menu.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !menu.classList.contains("is-open")) return;
    setOpen(false);
    toggle.focus();
  });
  settingsButton.addEventListener("click", () => settingsDialog.showModal());
}
