// A tiny element builder. Text always goes in as text nodes, never as HTML,
// so player names and imported data cannot inject markup (and the strict CSP
// holds: no inline styles or handlers are ever produced here).

/**
 * h("button", {class: "x", dataset: {action: "draw"}, onclick: fn}, "Draw")
 * Attributes: class, dataset, on<event> listeners, boolean true/false/null
 * (false or null leaves the attribute out), anything else via setAttribute.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "class") el.className = value;
    else if (name === "dataset") Object.assign(el.dataset, value);
    else if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's content. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/**
 * Make el's content like `children` (nodes just built, as for fill) but keep
 * the nodes already there where they match: same tag, attributes and text
 * are brought over in place, so a redraw that changes little restyles, lays
 * out and paints little (the review's board on a jump: a few cards of a
 * thousand elements). Listeners are not compared: only for content whose
 * listeners do not differ between draws.
 */
export function patch(el, ...children) {
  const wanted = children.flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false);
  wanted.forEach((child, i) => {
    const node = child instanceof Node ? child : document.createTextNode(String(child));
    const old = el.childNodes[i];
    if (!old) el.append(node);
    else if (old.nodeType === Node.TEXT_NODE && node.nodeType === Node.TEXT_NODE) {
      if (old.data !== node.data) old.data = node.data;
    } else if (old.nodeType === Node.ELEMENT_NODE && old.nodeName === node.nodeName) {
      for (const { name } of [...old.attributes]) if (!node.hasAttribute(name)) old.removeAttribute(name);
      for (const { name, value } of node.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
      patch(old, ...node.childNodes);
    } else old.replaceWith(node);
  });
  while (el.childNodes.length > wanted.length) el.lastChild.remove();
  return el;
}

/** Text read by screen readers only. */
export function srOnly(text) {
  return h("span", { class: "sr-only" }, text);
}

/** Run `run` once the browser has laid out and painted the next frame (not inside it). */
function afterFrame(run) {
  requestAnimationFrame(() => setTimeout(run));
}

/**
 * Resolves once the browser has painted what was just drawn, or after 100
 * ms (a hidden page paints no frame).
 */
export function afterPaint() {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    afterFrame(() => (clearTimeout(timer), resolve()));
  });
}

/**
 * Focus el without forcing a layout of what was just drawn: focus() scrolls
 * the element into view, which lays the page out at once (50 ms and more for
 * a fresh board). Here the scroll waits until the browser has laid the frame
 * out itself; scroll: false leaves the view where it is. later: the focus
 * waits too (focus() itself needs the layout), for when no keyboard user's
 * next key waits on it; it is skipped if the focus has moved meanwhile.
 */
export function focusAfterLayout(el, { scroll = true, later = false } = {}) {
  const scrollIn = () => el.isConnected && el.scrollIntoView({ block: "nearest" });
  if (!later) {
    el.focus({ preventScroll: true });
    if (scroll) afterFrame(scrollIn);
    return;
  }
  const before = document.activeElement;
  afterFrame(() => {
    if (!el.isConnected || document.activeElement !== before) return;
    el.focus({ preventScroll: true });
    if (scroll) scrollIn();
  });
}
