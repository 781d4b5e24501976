// The card art of the browser game, drawn as SVG.
//
// Why SVG built with createElementNS: the page's Content-Security-Policy forbids
// inline styles and markup strings, and no image or font is downloaded at run time.
// Every drawing works in the coordinates of one card, 100 × 140; a picture made of
// several cards (a stack, the how-to picture) places them with <g transform>, never a
// nested <svg>, so the page's CSS for `.card-art` only ever sizes the outer element.
// Every text records the colour it sits on in `data-bg`, so a test can check each
// text/background pair against WCAG's 4.5:1.

/** @typedef {Record<string, string | number>} SvgAttrs an SVG element's attributes, each set as String() writes it */
/** @typedef {"heart" | "diamond" | "spade" | "club"} Suit */

export const Cards = (() => {
  const NS = "http://www.w3.org/2000/svg";
  // Fonts every system has; none is downloaded (CSP font-src 'self', no font files).
  const FONT = "'Liberation Sans', Arial, Helvetica, sans-serif";
  const PAPER = "#fffdf6";
  const INK = "#1a1a1a";
  const EDGE = "#8a8373";
  const RED = "#c0261b"; // 5.8:1 on PAPER
  // The printed deck's colours: 1-4 blue, 5-8 green, 9-12 red (white on each >= 5.3:1).
  const BANDS = { low: "#1c4fb8", mid: "#1b7a2f", high: RED };
  const WILD = "#a84a00"; // a dark orange: white on it is 5.8:1 (#e07a12 was 3.0:1)
  const ROYAL = "#5b2a86";
  const GOLD = "#f2c230";
  const BACK = "#1d2a57";
  const FELT_DARK = "#174229"; // an empty place, a shade darker than the table
  const LIGHT = "#f6f3e8"; // the page's --ink, for texts on felt

  // ------------------------------------------------------------ building blocks

  /**
   * An SVG element with its attributes, appended to parent when one is given.
   * @template {keyof SVGElementTagNameMap} K
   * @param {K} name
   * @param {SvgAttrs} attrs
   * @param {Element} [parent]
   * @returns {SVGElementTagNameMap[K]}
   */
  function node(name, attrs, parent) {
    const el = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
    if (parent) parent.append(el);
    return el;
  }

  /**
   * A text centred on (x, y). SVG places text by its baseline; 0.36 em lower puts
   * the middle of digits and capitals on y without relying on dominant-baseline.
   * @param {Element} parent
   * @param {string} str
   * @param {number} x
   * @param {number} y
   * @param {number} size
   * @param {string} fill the text's colour
   * @param {string} bg the colour it sits on (data-bg)
   * @param {SvgAttrs} [extra]
   */
  function text(parent, str, x, y, size, fill, bg, extra = {}) {
    const attrs = {
      x, y: y + size * 0.36, "font-size": size, fill, "data-bg": bg,
      "font-family": FONT, "font-weight": 700, "text-anchor": "middle", ...extra,
    };
    const el = node("text", attrs, parent);
    el.textContent = str;
    return el;
  }

  /**
   * A label that must fit a width: a smaller font for longer words, and past a
   * minimum size the glyphs are squeezed (textLength) instead of spilling over.
   * @param {Element} parent
   * @param {string} str
   * @param {number} x
   * @param {number} y
   * @param {number} size
   * @param {number} maxWidth
   * @param {string} fill
   * @param {string} bg
   */
  function fitText(parent, str, x, y, size, maxWidth, fill, bg) {
    /** @param {number} s */
    const guess = (s) => str.length * s * 0.56; // average width of a bold Latin glyph
    const fitted = Math.max(9, Math.min(size, (size * maxWidth) / guess(size)));
    /** @type {SvgAttrs} */
    const extra = guess(fitted) > maxWidth
      ? { textLength: maxWidth, lengthAdjust: "spacingAndGlyphs" } : {};
    return text(parent, str, x, y, fitted, fill, bg, extra);
  }

  /**
   * An outer <svg>, hidden from screen readers.
   * @param {string} viewBox
   * @param {string} cls
   */
  function svg(viewBox, cls) {
    return node("svg", { viewBox, class: cls, "aria-hidden": "true", focusable: "false" });
  }

  /**
   * @param {Element} parent
   * @param {string} [transform]
   */
  function group(parent, transform) {
    return node("g", transform ? { transform } : {}, parent);
  }

  /**
   * The white card itself, with a hairline edge so it shows on any background.
   * @param {Element} parent
   */
  function paper(parent) {
    node("rect", { x: 1, y: 1, width: 98, height: 138, rx: 9, fill: PAPER, stroke: EDGE, "stroke-width": 1.5 }, parent);
  }

  /**
   * Draws `draw` twice: as is and turned half round, as a card's corners are.
   * @param {Element} parent
   * @param {(g: SVGGElement) => void} draw
   */
  function bothEnds(parent, draw) {
    draw(group(parent));
    draw(group(parent, "rotate(180 50 70)"));
  }

  /**
   * The colour of a number's band.
   * @param {CardText} value
   */
  function band(value) {
    const n = Number(value);
    return n <= 4 ? BANDS.low : n <= 8 ? BANDS.mid : BANDS.high;
  }

  // ------------------------------------------------------------ Skip-Bo faces

  /**
   * @param {Element} parent
   * @param {CardText} value "1".."12"
   */
  function numberFace(parent, value) {
    const colour = band(value);
    paper(parent);
    node("rect", { x: 6, y: 6, width: 88, height: 128, rx: 6, fill: colour }, parent);
    node("ellipse", { cx: 50, cy: 70, rx: 37, ry: 46, fill: PAPER }, parent);
    node("ellipse", { cx: 50, cy: 70, rx: 32, ry: 41, fill: "none", stroke: colour, "stroke-width": 1.5 }, parent);
    text(parent, value, 50, 70, value.length > 1 ? 44 : 56, colour, PAPER, { "font-weight": 900 });
    // corner numbers on the band; the top ones stay visible in a fanned pile
    bothEnds(parent, (g) => {
      text(g, value, 19, 19, 21, PAPER, colour);
      text(g, value, 81, 19, 21, PAPER, colour);
    });
  }

  /**
   * The wild card: its own colour, "SKIP-BO" lettering and three dots in the band
   * colours, so it is told apart by its words as well as by its colour.
   * @param {Element} parent
   */
  function wildFace(parent) {
    paper(parent);
    node("rect", { x: 6, y: 6, width: 88, height: 128, rx: 6, fill: WILD }, parent);
    node("ellipse", { cx: 50, cy: 70, rx: 38, ry: 48, fill: PAPER, transform: "rotate(-12 50 70)" }, parent);
    text(parent, "SKIP", 50, 60, 24, WILD, PAPER, { "font-weight": 900 });
    text(parent, "BO", 50, 84, 26, WILD, PAPER, { "font-weight": 900 });
    [BANDS.low, BANDS.mid, BANDS.high].forEach((fill, i) => {
      node("circle", { cx: 38 + i * 12, cy: 38, r: 4, fill }, parent);
      node("circle", { cx: 38 + i * 12, cy: 102, r: 4, fill }, parent);
    });
    bothEnds(parent, (g) => {
      text(g, "SB", 21, 19, 17, PAPER, WILD);
      text(g, "SB", 79, 19, 17, PAPER, WILD);
    });
  }

  // ------------------------------------------------------------ playing-card faces

  /**
   * Suit outlines in a 20 × 20 box centred on 0,0.
   * @type {Record<Suit, string>}
   */
  const SUIT_PATHS = {
    heart: "M0 9C-4 5-10 1-10-4C-10-8-7-10-4.5-10C-2.5-10-0.8-8.8 0-7C0.8-8.8 2.5-10 4.5-10C7-10 10-8 10-4C10 1 4 5 0 9Z",
    diamond: "M0-10L7.5 0L0 10L-7.5 0Z",
    spade: "M0-10C-3-5-10-2-10 3C-10 6.5-7.5 8-5 8C-3 8-1.5 7-0.8 5.5C-1 7.5-2 9-4 10L4 10C2 9 1 7.5 0.8 5.5"
      + "C1.5 7 3 8 5 8C7.5 8 10 6.5 10 3C10-2 3-5 0-10Z",
    club: "M-1 1.5Q-1 8-4.5 10L4.5 10Q1 8 1 1.5Z",
  };
  // The deck is one value per card, not a suit: each value gets a fixed suit, and
  // the order alternates black and red so neighbouring numbers look different.
  /** @type {Suit[]} */
  const SUIT_ORDER = ["spade", "heart", "club", "diamond"];
  /** @type {Record<CardText, string>} */
  const RANKS = { 1: "A", 11: "J", 12: "Q" };

  /**
   * @param {CardText} value "1".."12"
   * @returns {Suit}
   */
  function suitOf(value) {
    return SUIT_ORDER[(Number(value) - 1) % 4];
  }

  /** @param {Suit} suit */
  function suitColour(suit) {
    return suit === "heart" || suit === "diamond" ? RED : INK;
  }

  /**
   * A suit sign centred on (x, y).
   * @param {Element} parent
   * @param {Suit} name
   * @param {number} x
   * @param {number} y
   * @param {number} scale
   * @param {boolean} [flip] upside down
   */
  function suit(parent, name, x, y, scale, flip = false) {
    const g = group(parent, `translate(${x} ${y}) scale(${scale})${flip ? " rotate(180)" : ""}`);
    const fill = suitColour(name);
    node("path", { d: SUIT_PATHS[name], fill }, g);
    if (name === "club") { // three leaves over the stem
      for (const [cx, cy] of [[0, -5], [-5, 1.5], [5, 1.5]]) node("circle", { cx, cy, r: 4.6, fill }, g);
    }
    return g;
  }

  // Classic pip positions of 2..10 (x, y); pips below the middle are drawn upside down.
  const L = 36, C = 50, R = 64, T = 32, B = 108, M = 70;
  const Q1 = T + (B - T) / 3, Q2 = T + (2 * (B - T)) / 3;
  /** @type {(...ys: number[]) => number[][]} */
  const SIDES = (...ys) => ys.flatMap((y) => [[L, y], [R, y]]);
  /** @type {Record<CardText, number[][]>} */
  const PIPS = {
    2: [[C, T], [C, B]],
    3: [[C, T], [C, M], [C, B]],
    4: SIDES(T, B),
    5: [...SIDES(T, B), [C, M]],
    6: SIDES(T, M, B),
    7: [...SIDES(T, M, B), [C, (T + M) / 2]],
    8: [...SIDES(T, M, B), [C, (T + M) / 2], [C, (M + B) / 2]],
    9: [...SIDES(T, Q1, Q2, B), [C, M]],
    10: [...SIDES(T, Q1, Q2, B), [C, (T + Q1) / 2], [C, (Q2 + B) / 2]],
  };

  /**
   * The rank and a small suit in two corners: top left, and turned round bottom right.
   * @param {Element} parent
   * @param {string} rank
   * @param {Suit | null} suitName null: a star (the wild King)
   * @param {string} colour
   */
  function corners(parent, rank, suitName, colour) {
    bothEnds(parent, (g) => {
      // large indices: in a fanned pile the top corner is all that shows of a card
      text(g, rank, 14, 17, rank.length > 1 ? 19 : 24, colour, PAPER, rank.length > 1 ? { "letter-spacing": -1.5 } : {});
      if (suitName) suit(g, suitName, 14, 37, 0.6);
      else star(g, 14, 37, 6.5, colour);
    });
  }

  /**
   * A five-pointed star centred on (cx, cy).
   * @param {Element} parent
   * @param {number} cx
   * @param {number} cy
   * @param {number} r
   * @param {string} fill
   */
  function star(parent, cx, cy, r, fill) {
    const points = [];
    for (let i = 0; i < 10; i += 1) {
      const a = (Math.PI / 5) * i - Math.PI / 2;
      const d = i % 2 ? r * 0.45 : r;
      points.push(`${(cx + d * Math.cos(a)).toFixed(2)},${(cy + d * Math.sin(a)).toFixed(2)}`);
    }
    node("polygon", { points: points.join(" "), fill }, parent);
  }

  /**
   * Ace..10: pips in the classic places.
   * @param {Element} parent
   * @param {CardText} value "1".."10"
   */
  function pipFace(parent, value) {
    const name = suitOf(value);
    paper(parent);
    corners(parent, RANKS[value] ?? value, name, suitColour(name));
    if (value === "1") { suit(parent, name, 50, 70, 1.9); return; }
    const scale = Number(value) >= 9 ? 0.64 : 0.75; // 9 and 10 need room between rows
    for (const [x, y] of PIPS[value]) suit(parent, name, x, y, scale, y > M + 1);
  }

  /**
   * @param {Element} parent
   * @param {number} x
   * @param {number} y
   * @param {string} fill
   */
  function crown(parent, x, y, fill) {
    const d = `M${x - 14} ${y + 8}L${x - 16} ${y - 6}L${x - 7} ${y + 1}L${x} ${y - 10}L${x + 7} ${y + 1}`
      + `L${x + 16} ${y - 6}L${x + 14} ${y + 8}Z`;
    node("path", { d, fill, stroke: INK, "stroke-width": 1, "stroke-linejoin": "round" }, parent);
  }

  /**
   * Jack and Queen: a framed court panel with the letter large, the suit above and below.
   * @param {Element} parent
   * @param {CardText} value "11" or "12"
   */
  function courtFace(parent, value) {
    const name = suitOf(value);
    const colour = suitColour(name);
    const rank = RANKS[value];
    paper(parent);
    corners(parent, rank, name, colour);
    node("rect", { x: 26, y: 24, width: 48, height: 92, rx: 4, fill: PAPER, stroke: colour, "stroke-width": 2 }, parent);
    node("rect", { x: 29.5, y: 27.5, width: 41, height: 85, rx: 2, fill: "none", stroke: colour, "stroke-width": 0.8 }, parent);
    if (rank === "Q") crown(parent, 50, 40, GOLD);
    else suit(parent, name, 50, 40, 0.8);
    text(parent, rank, 50, 66, 36, colour, PAPER, { "font-family": "'Liberation Serif', Georgia, serif" });
    suit(parent, name, 50, 102, 0.8, true);
  }

  /**
   * SB as a playing card: the King (or Joker) of rules §1, wild; a star instead of a
   * suit because it belongs to none, and "SB" so its role is written, not only drawn.
   * @param {Element} parent
   */
  function kingFace(parent) {
    paper(parent);
    corners(parent, "K", null, ROYAL);
    node("rect", { x: 26, y: 24, width: 48, height: 92, rx: 4, fill: ROYAL }, parent);
    crown(parent, 50, 42, GOLD);
    text(parent, "K", 50, 70, 38, PAPER, ROYAL, { "font-family": "'Liberation Serif', Georgia, serif" });
    text(parent, "SB", 50, 99, 14, PAPER, ROYAL);
  }

  /**
   * @param {Element} parent
   * @param {CardText} value
   */
  function playingFace(parent, value) {
    if (value === "SB") kingFace(parent);
    else if (RANKS[value] && value !== "1") courtFace(parent, value);
    else pipFace(parent, value);
  }

  /**
   * @param {Element} parent
   * @param {CardText} value
   * @param {CardFaces} faces
   */
  function drawFace(parent, value, faces) {
    const v = String(value);
    if (faces === "cards") playingFace(parent, v);
    else if (v === "SB") wildFace(parent);
    else numberFace(parent, v);
  }

  // ------------------------------------------------------------ back, empty place

  /** @param {Element} parent */
  function drawBack(parent) {
    paper(parent);
    node("rect", { x: 6, y: 6, width: 88, height: 128, rx: 6, fill: BACK }, parent);
    // a lattice of small diamonds, kept inside the blue panel
    for (let row = 0; row < 11; row += 1) {
      for (let col = 0; col < 7; col += 1) {
        const x = 17 + col * 11 + (row % 2) * 5.5;
        const y = 16 + row * 10.8;
        if (x > 86) continue;
        node("path", { d: `M${x} ${y - 4}L${x + 4} ${y}L${x} ${y + 4}L${x - 4} ${y}Z`, fill: "#2e4189" }, parent);
      }
    }
    node("rect", { x: 11, y: 11, width: 78, height: 118, rx: 4, fill: "none", stroke: RED, "stroke-width": 2 }, parent);
    const logo = group(parent, "rotate(-28 50 70)");
    node("ellipse", { cx: 50, cy: 70, rx: 40, ry: 17, fill: RED, stroke: PAPER, "stroke-width": 2 }, logo);
    text(logo, "SKIP-BO", 50, 70, 14, PAPER, RED, { "font-weight": 900 });
  }

  /**
   * An empty place: a dashed outline on the felt, with its label when there is one.
   * @param {Element} parent
   * @param {string} label
   */
  function drawEmpty(parent, label) {
    node("rect", {
      x: 3, y: 3, width: 94, height: 134, rx: 9, fill: FELT_DARK,
      stroke: "#b9cdbd", "stroke-width": 3, "stroke-dasharray": "9 6",
    }, parent);
    if (label) fitText(parent, label, 50, 70, 28, 80, LIGHT, FELT_DARK);
  }

  // ------------------------------------------------------------ stacks

  const STACK_SCALE = 0.9; // the top card leaves room for the edges below it
  const EDGE_STEP = 1.7;
  /** @type {Record<StackKind, number>} */
  const CARDS_PER_EDGE = { stock: 5, draw: 20, completed: 24 };

  /**
   * How many edges show under the top card: more for a bigger pile, at most 6.
   * @param {number} count
   * @param {StackKind} kind
   */
  function edgeCount(count, kind) {
    if (count <= 1) return 0;
    return Math.min(6, 1 + Math.floor((count - 1) / (CARDS_PER_EDGE[kind] ?? 5)));
  }

  /**
   * The lower cards as offset edges: backs for face-down piles, paper for completed.
   * @param {Element} parent
   * @param {number} edges
   * @param {boolean} faceUp
   */
  function drawEdges(parent, edges, faceUp) {
    for (let i = edges; i >= 1; i -= 1) {
      const d = i * EDGE_STEP;
      node("rect", {
        x: 1 + d, y: 1 + d, width: 98 * STACK_SCALE, height: 138 * STACK_SCALE, rx: 8,
        fill: faceUp ? PAPER : BACK, stroke: faceUp ? EDGE : PAPER, "stroke-width": 1.2,
      }, parent);
    }
  }

  /**
   * The count as a dark pill with a light rim, at the bottom right over the card.
   * @param {Element} parent
   * @param {number} count
   */
  function badge(parent, count) {
    const label = String(count);
    const width = 16 + label.length * 11;
    const cx = 100 - width / 2 - 1;
    node("rect", { x: cx - width / 2, y: 109, width, height: 30, rx: 15, fill: INK, stroke: PAPER, "stroke-width": 2, class: "card-count-pill" }, parent);
    text(parent, label, cx, 124, 20, PAPER, INK, { class: "card-count" });
  }

  /**
   * Edges first: later SVG nodes paint over earlier ones. A null top is face down.
   * @param {Element} root
   * @param {number} count
   * @param {CardText | null | undefined} top
   * @param {string} faces
   * @param {StackKind} kind
   */
  function drawStack(root, count, top, faces, kind) {
    drawEdges(root, edgeCount(count, kind), kind === "completed");
    const inner = place(root, 0, 0, STACK_SCALE);
    if (count <= 0) drawEmpty(inner, "");
    else if (top === null || top === undefined) drawBack(inner);
    else drawFace(inner, top, faces === "cards" ? "cards" : "numbers");
    badge(root, Math.max(0, count));
  }

  // ------------------------------------------------------------ the how-to picture

  /**
   * A group moved to (x, y), turned and scaled: one card of a picture.
   * @param {Element} parent
   * @param {number} x
   * @param {number} y
   * @param {number} scale
   * @param {number} [rotate] degrees
   */
  function place(parent, x, y, scale, rotate = 0) {
    return group(parent, `translate(${x} ${y}) rotate(${rotate}) scale(${scale})`);
  }

  /**
   * A named area: a thin rounded outline and its label under it.
   * @param {Element} parent
   * @param {[number, number, number, number]} box x, y, width, height
   * @param {string} label
   */
  function area(parent, box, label) {
    const [x, y, w, h] = box;
    node("rect", { x, y, width: w, height: h, rx: 8, fill: "none", stroke: "#9cc3a8", "stroke-width": 1.2, "stroke-dasharray": "4 3" }, parent);
    fitText(parent, label, x + w / 2, y + h - 9, 12, w - 8, LIGHT, "#1f5135");
  }

  const MINI = 0.4; // a card of the picture: 40 × 56

  /**
   * @param {Element} root
   * @param {AreaNames} names
   */
  function areasMiddle(root, names) {
    area(root, [8, 8, 84, 88], names.draw);
    const draw = place(root, 28, 14, MINI);
    drawEdges(draw, 3, false);
    drawBack(place(draw, 0, 0, STACK_SCALE));
    area(root, [100, 8, 212, 88], names.build);
    ["1", "5", "SB", null].forEach((value, i) => {
      const g = place(root, 110 + i * 50, 14, MINI);
      if (value) drawFace(g, value, "numbers");
      else drawEmpty(g, `B${i + 1}`);
    });
  }

  /**
   * @param {Element} root
   * @param {AreaNames} names
   */
  function areasOwn(root, names) {
    area(root, [8, 104, 228, 100], names.discard);
    const piles = [["9", "4"], ["12"], [], ["2", "SB", "7"]];
    piles.forEach((cards, i) => {
      if (!cards.length) drawEmpty(place(root, 20 + i * 53, 110, MINI), `D${i + 1}`);
      cards.forEach((value, j) => drawFace(place(root, 20 + i * 53, 110 + j * 9, MINI), value, "numbers"));
    });
    area(root, [244, 104, 68, 100], names.stock);
    const stock = place(root, 256, 112, MINI);
    drawEdges(stock, 5, false);
    drawFace(place(stock, 0, 0, STACK_SCALE), "3", "numbers");
  }

  /**
   * @param {Element} root
   * @param {AreaNames} names
   */
  function areasHand(root, names) {
    area(root, [60, 212, 200, 96], names.hand);
    ["6", "10", "1", "SB", "8"].forEach((value, i) => {
      drawFace(place(root, 108 + i * 22, 222 + Math.abs(i - 2) * 3, MINI, (i - 2) * 7), value, "numbers");
    });
  }

  // ------------------------------------------------------------ the public API

  /**
   * One card's outer <svg>, drawn by `draw`.
   * @param {string} cls
   * @param {(root: SVGSVGElement) => void} draw
   */
  function card(cls, draw) {
    const root = svg("0 0 100 140", `card-art ${cls}`);
    draw(root);
    return root;
  }

  return {
    /**
     * A card's face.
     * @param {CardText} value
     * @param {string} [faces] "cards" for playing cards, else the Skip-Bo numbers
     * @returns {SVGSVGElement}
     */
    face(value, faces = "numbers") {
      const style = faces === "cards" ? "cards" : "numbers";
      const el = card(`face face-${style}`, (root) => drawFace(root, value, style));
      el.dataset.card = String(value);
      return el;
    },
    /** @returns {SVGSVGElement} */
    back() {
      return card("back", drawBack);
    },
    /**
     * An empty place, with its label when there is one.
     * @param {string} [label]
     * @returns {SVGSVGElement}
     */
    empty(label = "") {
      return card("empty", (root) => drawEmpty(root, label));
    },
    /**
     * A pile with its count: the top card over the edges of those below it.
     * @param {number} count
     * @param {CardText | null} top null: face down
     * @param {string} [faces] "cards" for playing cards, else the Skip-Bo numbers
     * @param {StackKind} [kind]
     * @returns {SVGSVGElement}
     */
    stack(count, top, faces = "numbers", kind = "stock") {
      const el = card(`stack stack-${kind}`, (root) => drawStack(root, count, top, faces, kind));
      el.dataset.count = String(count);
      return el;
    },
    /**
     * The how-to picture: the table's areas, each named.
     * @param {AreaNames} names
     * @returns {SVGSVGElement}
     */
    areas(names) {
      const root = svg("0 0 320 316", "areas-art");
      root.setAttribute("role", "img");
      root.removeAttribute("aria-hidden");
      root.setAttribute("aria-label", [names.stock, names.hand, names.discard, names.build, names.draw].join(", "));
      node("rect", { x: 0, y: 0, width: 320, height: 316, rx: 14, fill: "#1f5135" }, root);
      areasMiddle(root, names);
      areasOwn(root, names);
      areasHand(root, names);
      return root;
    },
  };
})();
