// Types of the page's texts and card art (i18n.js, cards.js, cardart.js), for the JSDoc
// of the page's modules. Types only: nothing here exists at run time.

/**
 * What t() fills into a text's "{name}"s, each value as String() writes it. A value
 * may be undefined where the chosen text does not name it (one set of values for
 * several texts); "n" also fills "{count}" ("1 card", "7 cards").
 */
type TextParams = Record<string, string | number | undefined>;

/** One language's texts: key → text, "{name}" marking what t() fills in. */
type TextTable = Record<string, string>;

/** How the cards are drawn: Skip-Bo numbers, or playing cards (Ace..Queen, King wild). */
type CardFaces = "numbers" | "cards";

/** A pile Cards.stack() draws: face-down backs under a stock or the draw pile, paper under completed. */
type StackKind = "stock" | "draw" | "completed";

/** The names of the table's areas that Cards.areas() writes into its picture. */
interface AreaNames {
  stock: string;
  hand: string;
  discard: string;
  build: string;
  draw: string;
}
