/**
 * The site's one script: search suggestions on every search field (`input[type=search][name=q]`),
 * an enhancement of forms that work without it. Each field becomes an ARIA combobox (the APG
 * pattern: a list autocomplete without automatic selection) whose listbox holds `/suggest`'s
 * answer as links: ArrowDown and ArrowUp move through them, Enter follows the one chosen (else
 * the form submits as always), Escape closes the list and a second Escape clears the field,
 * leaving the field closes it. A live region says how many suggestions there are, in the words
 * `/suggest` sends in the page's language, so the script holds no text of its own.
 *
 * Plain ES2020 with no dependency, served as written under a hashed name with its integrity
 * (`site.ts`); the content security policy allows only the site's own scripts. It sets no
 * `style` attribute (the policy forbids them): the stylesheet styles `.suggest`. Suggestion links
 * get the form's hidden preferences (agent, lang, currency), as the form's own submission would.
 */
export const SUGGEST_SCRIPT = `(() => {
  'use strict';
  const MIN_CHARACTERS = 2;
  const DEBOUNCE_MS = 60;
  const LANGUAGES = ['en', 'es', 'pt', 'fr', 'de', 'it'];
  const KEPT = ['agent', 'lang', 'currency'];
  let fields = 0;

  function enhance(input) {
    const form = input.form;
    if (!form || input.getAttribute('role') === 'combobox') return;
    const id = input.id || (input.id = 'search-' + ++fields);
    const list = document.createElement('div');
    list.id = id + '-suggest';
    list.className = 'suggest';
    list.setAttribute('role', 'listbox');
    list.hidden = true;
    const label = input.labels && input.labels[0];
    if (label) {
      if (!label.id) label.id = id + '-label';
      list.setAttribute('aria-labelledby', label.id);
    }
    const status = document.createElement('div');
    status.className = 'vh';
    status.setAttribute('role', 'status');
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-controls', list.id);
    input.setAttribute('autocomplete', 'off');
    input.after(list, status);

    let options = [];
    let active = -1;
    let asked = input.value.trim();
    let pending = null;
    let timer = 0;

    function choose(index) {
      if (active >= 0) options[active].setAttribute('aria-selected', 'false');
      active = index;
      if (index < 0) {
        input.removeAttribute('aria-activedescendant');
        return;
      }
      const option = options[index];
      option.setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    }
    function open() {
      if (options.length === 0) return;
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    }
    function close() {
      choose(-1);
      list.hidden = true;
      input.setAttribute('aria-expanded', 'false');
    }
    function clear() {
      close();
      options = [];
      list.replaceChildren();
      status.textContent = '';
    }
    // The page's preferences ride along, as they would in the form's own query.
    function withPreferences(href) {
      const url = new URL(href, location.href);
      for (const name of KEPT) {
        const field = form.elements.namedItem(name);
        if (field && field.type === 'hidden' && field.value && !url.searchParams.has(name)) {
          url.searchParams.set(name, field.value);
        }
      }
      return url.pathname + url.search;
    }
    function show(answer) {
      choose(-1);
      options = answer.suggestions.map((suggestion, i) => {
        const option = document.createElement('a');
        option.id = list.id + '-' + i;
        option.href = withPreferences(suggestion.url);
        option.tabIndex = -1;
        option.dataset.kind = suggestion.kind;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        option.textContent = suggestion.text;
        return option;
      });
      list.replaceChildren(...options);
      status.textContent = answer.status;
      if (options.length > 0) open();
      else close();
    }
    function ask() {
      const q = input.value.trim();
      if (q === asked) return;
      asked = q;
      if (pending) pending.abort();
      pending = null;
      if ([...q].length < MIN_CHARACTERS) {
        clear();
        return;
      }
      const request = new AbortController();
      pending = request;
      const lang = document.documentElement.lang;
      const query = new URLSearchParams({ q });
      if (LANGUAGES.includes(lang)) query.set('lang', lang);
      fetch('/suggest?' + query, { signal: request.signal, headers: { accept: 'application/json' } })
        .then((response) => (response.ok ? response.json() : null))
        .then((answer) => {
          if (pending !== request) return;
          pending = null;
          // Drawn as soon as it comes, in the same task: the next frame shows it.
          if (answer && document.activeElement === input) show(answer);
        })
        .catch(() => {
          if (pending === request) pending = null;
        });
    }

    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(ask, DEBOUNCE_MS);
    });
    input.addEventListener('keydown', (event) => {
      if (event.ctrlKey || event.metaKey || event.isComposing) return;
      const last = options.length - 1;
      switch (event.key) {
        case 'ArrowDown':
          if (last < 0) return;
          event.preventDefault();
          open();
          choose(event.altKey ? active : active < last ? active + 1 : 0);
          break;
        case 'ArrowUp':
          if (last < 0) return;
          event.preventDefault();
          open();
          choose(active > 0 ? active - 1 : last);
          break;
        case 'Enter':
          if (list.hidden || active < 0) return;
          event.preventDefault();
          location.assign(options[active].href);
          break;
        case 'Escape':
          event.preventDefault();
          if (!list.hidden) close();
          else {
            input.value = '';
            asked = '';
            clear();
          }
          break;
        case 'ArrowLeft':
        case 'ArrowRight':
        case 'Home':
        case 'End':
          choose(-1);
          break;
      }
    });
    // A press on a suggestion must not take the focus from the field (its blur would close the
    // list before the click lands); the click then follows the link.
    list.addEventListener('mousedown', (event) => event.preventDefault());
    input.addEventListener('blur', close);
    // A page brought back from the back-forward cache shows no stale list.
    addEventListener('pageshow', close);
  }

  function start() {
    for (const input of document.querySelectorAll('input[type=search][name=q]')) enhance(input);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
`;
