// @ts-check
// The Lectern dashboard (webview view). Renders the session snapshots the extension posts and
// reports back what it rendered. Message protocol: src/vscode/dashboardProtocol.ts.
// Plain DOM, no framework; text goes in through textContent only.
/** @typedef {import('../src/vscode/dashboardProtocol').ToWebview} ToWebview */
/** @typedef {import('../src/vscode/dashboardProtocol').FromWebview} FromWebview */
/** @typedef {import('../src/core/session/types').SessionSnapshot} SessionSnapshot */
/** @typedef {import('../src/core/session/types').TimelineEntry} TimelineEntry */
(function () {
  // @ts-ignore acquireVsCodeApi is provided by VS Code's webview host
  const vscode = acquireVsCodeApi();
  const app = /** @type {HTMLElement} */ (document.getElementById('app'));
  /** At most this many timeline rows are drawn (newest first). */
  const MAX_ROWS = 500;

  const STATE = {
    ok: { label: 'Within budget', advice: '' },
    soft: {
      label: 'Soft limit',
      advice: 'Answers are shortened now. Search first, then read the ranges the search found.',
    },
    hard: {
      label: 'Hard limit',
      advice: 'Reads are refused with BUDGET_EXCEEDED until the session is reset or goes idle.',
    },
  };

  const FLAGS = /** @type {const} */ ([
    ['degraded', 'degraded', 'The answer was shortened (budget or size).'],
    ['deduplicated', 'de-duplicated', 'Answered with a pointer to an earlier read of the same unchanged content.'],
    ['ephemeral', 'ephemeral', 'A one-off large read, not kept for de-duplication.'],
    ['low_relevance', 'low relevance', 'The file was not among the recent search results.'],
    ['excluded', 'excluded', 'The path matches an exclusion rule (node_modules, dist, .gitignore, files.exclude…).'],
    ['user', 'you', 'You read this from the command palette (Lectern: Read Symbol…, Read Lines…), not a model.'],
  ]);

  const number = new Intl.NumberFormat('en-US');
  const fmt = (/** @type {number} */ n) => number.format(Math.round(n));
  const time = (/** @type {number} */ ms) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

  /**
   * @param {string} tag
   * @param {string} [className]
   * @param {string | number} [text]
   */
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = String(text);
    return node;
  }

  /** @param {FromWebview} message */
  const post = (message) => vscode.postMessage(message);

  // ---- skeleton (built once and shown with the first snapshot, so buttons and scroll positions
  // survive updates) ----
  const header = el('header', 'head');
  const statePill = el('span', 'pill');
  const summary = el('span', 'summary');
  const actions = el('span', 'actions');
  const exportButton = el('button', 'secondary', 'Export JSON');
  exportButton.title = 'Open the session\u2019s metrics and timeline as JSON';
  const resetButton = el('button', 'secondary', 'Reset session');
  resetButton.title = 'Start the session over: counts, budget and de-duplication';
  exportButton.addEventListener('click', () => post({ type: 'export' }));
  resetButton.addEventListener('click', () => post({ type: 'reset' }));
  actions.append(exportButton, resetButton);
  header.append(statePill, summary, actions);
  const advice = el('p', 'advice');

  const left = el('section', 'column');
  const budgetTitle = el('h2', '', 'Budget');
  const readsBar = bar('bar-reads', 'Reads');
  const linesBar = bar('bar-lines', 'Lines read');
  const metricsTitle = el('h2', '', 'Metrics');
  const metrics = el('dl', 'metrics');
  left.append(budgetTitle, readsBar.root, linesBar.root, metricsTitle, metrics);

  const right = el('section', 'column');
  const warningsTitle = el('h2');
  const warnings = el('ul', 'warnings');
  const timelineTitle = el('h2');
  const table = el('table', 'timeline');
  const thead = el('thead');
  const headRow = el('tr');
  for (const [name, cls] of [
    ['#', 'num seq'],
    ['Time', 'time'],
    ['File', 'file'],
    ['Call', 'call'],
    ['Lines', 'num lines'],
    ['Tokens', 'num tokens'],
    ['Flags', 'flags'],
  ]) {
    headRow.append(el('th', cls, name));
  }
  thead.append(headRow);
  const tbody = el('tbody');
  table.append(thead, tbody);
  const emptyTimeline = el('p', 'empty', 'No reads yet. Calls of the Lectern tools by a language model appear here.');
  const tableWrap = el('div', 'table-wrap');
  tableWrap.append(table);
  right.append(warningsTitle, warnings, timelineTitle, tableWrap, emptyTimeline);

  const grid = el('div', 'grid');
  grid.append(left, right);

  /**
   * @param {string} id
   * @param {string} name
   */
  function bar(id, name) {
    const root = el('div', 'bar-block');
    root.id = id;
    const label = el('div', 'bar-label');
    const value = el('span', 'bar-value');
    label.append(el('span', 'bar-name', name), value);
    const track = el('div', 'bar');
    track.setAttribute('role', 'meter');
    track.setAttribute('aria-label', name);
    const fill = el('div', 'fill');
    const softMark = el('div', 'mark');
    softMark.title = 'soft limit';
    track.append(fill, softMark);
    const scale = el('div', 'bar-scale');
    const softText = el('span', 'soft');
    const hardText = el('span', 'hard');
    scale.append(softText, hardText);
    root.append(label, track, scale);
    return {
      root,
      value,
      /**
       * @param {number} used
       * @param {number} soft
       * @param {number} hard
       */
      set(used, soft, hard) {
        const max = Math.max(hard, 1);
        const level = used >= hard ? 'hard' : used >= soft ? 'soft' : 'ok';
        root.dataset.level = level;
        value.textContent = `${fmt(used)} / ${fmt(soft)}`;
        // CSSOM writes are allowed by the CSP (no inline style attributes are used).
        fill.style.width = `${Math.min(100, (used / max) * 100)}%`;
        softMark.style.left = `${Math.min(100, (soft / max) * 100)}%`;
        softText.style.left = softMark.style.left;
        softText.textContent = `soft ${fmt(soft)}`;
        hardText.textContent = `hard ${fmt(hard)}`;
        track.setAttribute('aria-valuemin', '0');
        track.setAttribute('aria-valuemax', String(hard));
        track.setAttribute('aria-valuenow', String(used));
      },
    };
  }

  /** @param {SessionSnapshot} s */
  function renderMetrics(s) {
    const m = s.metrics;
    const items = [
      ['Tokens served', fmt(m.tokens_served), 'Tokens of all answers in this session.'],
      ['Tokens saved', fmt(m.tokens_saved), 'Against plain whole-file reads of the same files.'],
      ['De-duplicated', fmt(m.deduplicated_reads), 'Reads answered with a pointer to an earlier read of the same unchanged content.'],
      ['Degraded', fmt(m.preview_degraded_count), 'Answers shortened by the budget or a size cap.'],
      ['Searches', fmt(m.search_count), 'lectern_search calls.'],
      ['After a search', `${Math.round(m.read_after_search_ratio * 100)}%`, 'Share of reads whose file an earlier search had found.'],
      ['Average read', `${fmt(m.avg_read_span)} lines`, 'Average lines per read.'],
      [
        'Largest read',
        `${fmt(m.max_read_span)} / ${fmt(s.limits.maxSingleReadLines)} lines`,
        'Lines of the largest read, against the single-read limit.',
      ],
      ['Characters', fmt(m.reads_chars_total), 'Characters read in all.'],
    ];
    metrics.textContent = '';
    for (const [name, value, help] of items) {
      const item = el('div', 'metric');
      item.title = help;
      item.append(el('dt', '', name), el('dd', '', value));
      metrics.append(item);
    }
  }

  /** @param {SessionSnapshot} s */
  function renderWarnings(s) {
    warnings.textContent = '';
    const list = s.warnings.slice().reverse();
    warningsTitle.textContent = 'Warnings ';
    warningsTitle.append(el('span', 'count', list.length));
    for (const w of list) {
      const item = el('li');
      const message = el('span', 'message', w.message);
      message.title = w.message;
      item.append(el('span', `code code-${w.code.toLowerCase()}`, w.code), message);
      warnings.append(item);
    }
    if (list.length === 0) warnings.append(el('li', 'none', 'None: the session reads what it searched for.'));
  }

  /** @param {TimelineEntry} e */
  function rangeText(e) {
    if (e.start_line === null) return '';
    if (e.end_line === null || e.end_line === e.start_line) return `${fmt(e.start_line)}`;
    return `${fmt(e.start_line)}\u2013${fmt(e.end_line)}`;
  }

  /** @param {TimelineEntry} e */
  function callText(e) {
    const tool = e.tool.replace(/^lectern_/, '');
    return e.mode && e.mode !== tool && e.mode !== 'file' ? `${tool} \u00b7 ${e.mode}` : tool;
  }

  /** @param {SessionSnapshot} s */
  function renderTimeline(s) {
    const entries = s.timeline.slice(-MAX_ROWS).reverse();
    timelineTitle.textContent = 'Timeline ';
    timelineTitle.append(el('span', 'count', s.timeline.length));
    tbody.textContent = '';
    for (const e of entries) {
      const row = el('tr', e.ok ? '' : 'failed');
      row.dataset.seq = String(e.seq);
      const file = el('td', 'file', e.file ?? '\u2014');
      if (e.absolute) {
        row.classList.add('clickable');
        row.tabIndex = 0;
        row.title = `Open ${e.file ?? e.absolute}${e.start_line !== null ? ` at line ${e.start_line}` : ''}`;
      }
      const flags = el('td', 'flags');
      if (!e.ok) flags.append(flag('failed', 'failed', 'The call answered with an error.'));
      for (const [key, label, help] of FLAGS) if (e.flags[key]) flags.append(flag(key, label, help));
      row.append(
        el('td', 'num seq dim', e.seq),
        el('td', 'time dim', time(e.at_unix_ms)),
        file,
        el('td', 'call', callText(e)),
        el('td', 'num lines', rangeText(e)),
        el('td', 'num tokens', fmt(e.tokens)),
        flags,
      );
      tbody.append(row);
    }
    table.hidden = entries.length === 0;
    emptyTimeline.hidden = entries.length > 0;
  }

  /**
   * @param {string} key
   * @param {string} label
   * @param {string} help
   */
  function flag(key, label, help) {
    const badge = el('span', `flag flag-${key}`, label);
    badge.title = help;
    return badge;
  }

  /**
   * The numbers on screen that are not wholly visible: cut by their own box, or past the right edge of
   * the view or of the scrolling box they sit in. The integration tests fail on any.
   * @returns {string[]}
   */
  function clippedNumbers() {
    const viewRight = document.documentElement.clientWidth;
    const cells = app.querySelectorAll('td.num, .metric dd, .bar-value, .bar-scale span, h2 .count, .summary');
    return [...cells]
      .filter((node) => {
        if (!(node instanceof HTMLElement) || node.offsetParent === null || node.textContent === '') return false;
        const right = node.getBoundingClientRect().right;
        const box = node.closest('.table-wrap');
        const boxRight = box ? box.getBoundingClientRect().right : viewRight;
        return node.scrollWidth > node.clientWidth + 1 || right > Math.min(viewRight, boxRight) + 1;
      })
      .map((node) => node.textContent ?? '');
  }

  /**
   * The boxes of the dashboard whose content is wider than they are (scrollWidth > clientWidth):
   * a cut name, an ellipsis, a sideways scroll. Inline boxes have no client width and are measured by
   * the boxes they sit in. The integration tests fail on any, at every width they try.
   * @returns {string[]}
   */
  function overflowingBoxes() {
    const boxes = [document.documentElement, document.body, ...app.querySelectorAll('*')];
    return boxes
      .filter((node) => node instanceof HTMLElement && node.clientWidth > 0 && node.scrollWidth > node.clientWidth + 1)
      .map((node) => {
        const name = `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}`;
        return `${name} ${node.scrollWidth}>${node.clientWidth}: ${(node.textContent ?? '').slice(0, 40)}`;
      });
  }

  /** @param {EventTarget | null} target */
  function openRow(target) {
    const row = target instanceof Element ? target.closest('tr.clickable') : null;
    const seq = row instanceof HTMLElement ? Number(row.dataset.seq) : NaN;
    if (Number.isInteger(seq)) post({ type: 'open', seq });
  }
  tbody.addEventListener('click', (event) => openRow(event.target));
  tbody.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openRow(event.target);
    }
  });

  /**
   * @param {SessionSnapshot} s
   * @param {number} rev
   */
  function render(s, rev) {
    const l = s.limits;
    const hard = (/** @type {number} */ soft) => Math.floor(soft * l.hardLimitMultiplier);
    if (!grid.isConnected) app.replaceChildren(header, advice, grid);
    document.body.dataset.state = s.budget_state;
    statePill.textContent = STATE[s.budget_state].label;
    statePill.className = `pill pill-${s.budget_state}`;
    const count = (/** @type {number} */ n, /** @type {string} */ one, /** @type {string} */ many) => `${fmt(n)} ${n === 1 ? one : many}`;
    summary.textContent = `Session since ${time(s.started_at_unix_ms)} \u00b7 ${count(s.metrics.reads_count, 'read', 'reads')}, ${count(s.metrics.search_count, 'search', 'searches')}`;
    summary.title = `Session ${s.id}`;
    advice.textContent = STATE[s.budget_state].advice;
    advice.hidden = advice.textContent === '';
    readsBar.set(s.metrics.reads_count, l.maxReadsPerSession, hard(l.maxReadsPerSession));
    linesBar.set(s.metrics.reads_lines_total, l.maxTotalReadLines, hard(l.maxTotalReadLines));
    renderMetrics(s);
    renderWarnings(s);
    renderTimeline(s);
    post({
      type: 'rendered',
      rev,
      session_id: s.id,
      budget_state: /** @type {'ok' | 'soft' | 'hard'} */ (document.body.dataset.state),
      reads_label: readsBar.value.textContent ?? '',
      lines_label: linesBar.value.textContent ?? '',
      timeline_rows: tbody.rows.length,
      warnings: warnings.querySelectorAll('li:not(.none)').length,
      clipped: clippedNumbers(),
      overflowing: overflowingBoxes(),
      width: document.documentElement.clientWidth,
    });
  }

  /** @type {ToWebview | undefined} */
  let shown;
  window.addEventListener('message', (event) => {
    /** @type {ToWebview} */
    const message = event.data;
    if (!message || message.type !== 'snapshot' || !message.snapshot) return;
    vscode.setState(message);
    shown = message;
    render(message.snapshot, message.rev);
  });
  // A new width can clip what fitted before: report the same snapshot again once a resize settles.
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let resized;
  window.addEventListener('resize', () => {
    clearTimeout(resized);
    resized = setTimeout(() => shown && render(shown.snapshot, shown.rev), 150);
  });

  // Draw the last state at once when the view comes back, then ask for the current one.
  const saved = /** @type {ToWebview | undefined} */ (vscode.getState());
  if (saved && saved.type === 'snapshot' && saved.snapshot) render(saved.snapshot, saved.rev);
  post({ type: 'ready' });
})();
