// The move log and the last trick or capture, as a sheet on a phone: a button in the table's header
// opens it from the bottom of the screen over the table, its close button and Escape close it. On a
// wide screen the same panel stands beside the felt and the button is not shown (app.css).
// Whether it is open outlasts the table's redraws.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export class TableSheet {
  constructor(onChange) {
    this.open = false;
    this.onChange = onChange;
    this.returnFocus = false;
  }

  set(open) {
    if (this.open === open) return;
    this.open = open;
    this.focusIn = open;
    this.returnFocus = !open;
    this.onChange();
  }

  /** The header's button that opens (or closes) the sheet. */
  button() {
    return h("button", {
      type: "button", class: "head-button log-toggle", testid: "log-sheet-toggle", dataset: { action: "log-sheet" },
      "aria-expanded": String(this.open), "aria-controls": "table-side", title: t("table.log_sheet"),
      onclick: () => this.set(!this.open),
    }, h("span", { "aria-hidden": "true" }, "☰"), h("span", { class: "head-button-text" }, t("table.log_open")));
  }

  /** The panel itself: ``content`` (the log and the review) under a close button. */
  panel(content) {
    const close = h("button", {
      type: "button", class: "sheet-close", testid: "log-sheet-close", dataset: { action: "log-sheet-close" },
      onclick: () => this.set(false),
    }, t("table.log_close"));
    return h("aside", {
      id: "table-side", class: `table-side${this.open ? " open" : ""}`, testid: "table-side",
      "aria-label": t("table.side_panel"),
      onkeydown: (event) => {
        if (event.key === "Escape" && this.open) {
          event.stopPropagation();
          this.set(false);
        }
      },
    }, h("div", { class: "sheet-head" }, close), content);
  }

  /** After a redraw: the focus goes into the sheet as it opens, and back to its button as it closes. */
  settle(root) {
    if (this.open && this.focusIn) {
      this.focusIn = false;
      const target = root.querySelector("[data-testid=log-sheet-close]");
      if (target && getComputedStyle(target).display !== "none") target.focus();
    }
    if (this.returnFocus) {
      this.returnFocus = false;
      const back = root.querySelector("[data-testid=log-sheet-toggle]");
      if (back && getComputedStyle(back).display !== "none") back.focus();
    }
  }
}
