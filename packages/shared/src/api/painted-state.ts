/**
 * A page's first data, painted by the server into the HTML it sends for the page (docs/shell.md
 * "Speed"): the answers of the calls the page makes first, so the site shows them without asking.
 * Each entry names the call as the site makes it (`path`, `body`) and carries its `data`.
 */
export interface PaintedCall {
  path: string;
  body: Record<string, unknown>;
  data: unknown;
}

/** The `<script type="application/json">` element that holds a page's `PaintedCall[]`. */
export const PAINTED_STATE_ELEMENT_ID = 'app-state';
