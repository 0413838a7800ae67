// Where a bubble goes (the hint's): under its button when that covers none
// of the boxes it must leave in sight (players' names, the suggested move),
// else slid down past them, as long as it stays in the window. Boxes are
// {left, top, right, bottom} in the window's pixels, as getBoundingClientRect
// gives them. Pure geometry: the caller measures and moves.

/** Whether two boxes share any area. */
export const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The bubble's top-left corner for size {width, height}: its right edge under
 * the anchor's (else at the area's left), as high as it may go below the
 * anchor without covering an obstacle; null when no such place fits in area.
 */
export function placeBubble({ anchor, size, obstacles, area, gap = 8 }) {
  const lefts = [Math.min(anchor.right, area.right) - size.width, area.left].map((left) => Math.max(area.left, left));
  for (const left of lefts) {
    let top = anchor.bottom + gap;
    for (;;) {
      const box = { left, top, right: left + size.width, bottom: top + size.height };
      if (box.bottom > area.bottom) break;
      const hit = obstacles.filter((obstacle) => overlaps(box, obstacle));
      if (hit.length === 0) return { left, top };
      top = Math.max(...hit.map((obstacle) => obstacle.bottom)) + gap / 2;
    }
  }
  return null;
}
