/**
 * The kit's select (spec §8 "Select item with empty value"): rendering an item whose value is the
 * empty string raises 'must have a value that is not an empty string'; other items render.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { SELECT_EMPTY_VALUE_MESSAGE } from '../../src/core/control-center/ui-constants.ts';
import { Select } from '../../src/ui/control-center/kit/Select.tsx';

const render = (options: Array<{ value: string; label: string }>) => renderToString(createElement(Select, { label: 'Branch', value: 'ac', options, onValueChange: () => undefined }));

test('a select item with an empty-string value raises the spec’s error', () => {
  assert.equal(SELECT_EMPTY_VALUE_MESSAGE, 'must have a value that is not an empty string');
  assert.throws(() => render([{ value: 'ac', label: 'AC' }, { value: '', label: 'None' }]), { message: `Select item 'None' must have a value that is not an empty string` });
});

test('a select whose items all have values renders its trigger with the chosen value', () => {
  const html = render([{ value: 'ac', label: 'American Coverage' }, { value: 'tqg', label: 'TQG' }]);
  assert.match(html, /role="combobox"/);
  assert.match(html, /aria-label="Branch"/);
});
