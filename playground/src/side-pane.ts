/**
 * The right-hand pane's tabs: *Run* (scenarios, games, simulations: run/panel.ts) and *Cards*
 * (the gallery of the open game's faces: cards/gallery.ts). Both stay alive when hidden — a run
 * goes on behind the gallery — and the tab last chosen is kept in this browser.
 */
const CHOICE = 'grimoire.sideTab';

export type SideTab = 'run' | 'cards';

export interface SidePane {
  show(tab: SideTab): void;
  readonly current: SideTab;
  /** Sets the Cards tab's label, e.g. `Cards (53)`. */
  setCardsLabel(text: string): void;
}

export function mountSidePane(): SidePane {
  const tabs: Record<SideTab, { tab: HTMLElement; panel: HTMLElement }> = {
    run: { tab: document.getElementById('tab-run')!, panel: document.getElementById('run-pane')! },
    cards: { tab: document.getElementById('tab-cards')!, panel: document.getElementById('cards-pane')! },
  };
  let current: SideTab = 'run';
  const show = (tab: SideTab) => {
    current = tab;
    for (const [name, t] of Object.entries(tabs) as [SideTab, (typeof tabs)[SideTab]][]) {
      t.tab.setAttribute('aria-selected', String(name === tab));
      t.tab.tabIndex = name === tab ? 0 : -1;
      t.panel.hidden = name !== tab;
    }
    try {
      localStorage.setItem(CHOICE, tab);
    } catch {
      // Storage refused (a private window): the choice lasts while the page is open.
    }
  };
  for (const [name, t] of Object.entries(tabs) as [SideTab, (typeof tabs)[SideTab]][]) {
    t.tab.onclick = () => show(name);
    // Arrow keys move between the tabs (the WAI-ARIA tabs pattern).
    t.tab.onkeydown = (ev) => {
      if (ev.key !== 'ArrowLeft' && ev.key !== 'ArrowRight') return;
      const other: SideTab = name === 'run' ? 'cards' : 'run';
      show(other);
      tabs[other].tab.focus();
    };
  }
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(CHOICE);
  } catch {
    // as above
  }
  show(saved === 'cards' ? 'cards' : 'run');
  return {
    show,
    get current() {
      return current;
    },
    setCardsLabel: (text) => {
      tabs.cards.tab.textContent = text;
    },
  };
}
