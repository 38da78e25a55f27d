import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FUNNELS } from '../../src/core/funnels/index.ts';
import { EMPTY_OPTION_VALUE_ERROR } from '../../src/core/funnels/options.ts';
import type { StepField } from '../../src/core/funnels/types.ts';
import { FieldInput, type FieldInputProps } from '../../src/ui/funnel/FieldInput.tsx';
import { FUNNEL_TEXT } from '../../src/ui/funnel/text.ts';

const fields = FUNNELS.auto!.steps.flatMap((step) => step.fields);
const fieldOf = (name: string) => fields.find((field) => field.name === name)!;

function render(field: StepField, props: Partial<FieldInputProps> = {}): string {
  return renderToStaticMarkup(createElement(FieldInput, { field, input: {}, text: FUNNEL_TEXT.en, onChange: () => undefined, ...props }));
}

describe('field rendering', () => {
  test('a select item with an empty-string value fails loudly when rendered', () => {
    const broken: StepField = { name: 'currentCompany', label: 'Company', kind: 'select', options: [{ value: 'GEICO', label: 'GEICO' }, { value: '', label: 'None' }] };
    assert.throws(() => render(broken), { message: EMPTY_OPTION_VALUE_ERROR });
    assert.throws(() => render({ ...broken, kind: 'radio' }), { message: EMPTY_OPTION_VALUE_ERROR });
  });

  test('a text field has a visible label, its hint, and no error state when valid', () => {
    const html = render(fieldOf('zipcode'), { input: { zipcode: '33101' } });
    assert.match(html, /<label for="field-zipcode" class="field-label">ZIP code<\/label>/);
    assert.match(html, /<input id="field-zipcode"[^>]*aria-describedby="field-zipcode-hint"[^>]*name="zipcode" value="33101"/);
    assert.doesNotMatch(html, /aria-invalid/);
  });

  test('an error sits next to the field and the input points at it', () => {
    const html = render(fieldOf('zipcode'), { error: 'Enter a 5-digit ZIP code.' });
    assert.match(html, /<p id="field-zipcode-error" class="field-error">.*Enter a 5-digit ZIP code\.<\/p>/);
    assert.match(html, /aria-invalid="true" aria-describedby="field-zipcode-hint field-zipcode-error"/);
  });

  test('yes/no is a group of two labelled radio options', () => {
    const html = render(fieldOf('homeowner'), { input: { homeowner: 'no' } });
    assert.match(html, /<fieldset[^>]*><legend class="field-label">Do you own your home\?<\/legend>/);
    assert.equal(html.match(/type="radio"/g)?.length, 2);
    assert.match(html, /<label class="choice"><input id="field-homeowner-yes" type="radio"[^>]*value="yes"\/><span>Yes<\/span>/, 'the label wraps its radio, with no redundant for');
    assert.match(html, /<input id="field-homeowner-no" type="radio"[^>]*name="homeowner" checked="" value="no"/);
  });

  test('a date of birth is month, day and year, each labelled', () => {
    const html = render(fieldOf('driver1Dob'), { input: { driver1DobMonth: '04', driver1DobDay: '30', driver1DobYear: '1956' } });
    for (const [label, name] of [['Month', 'driver1DobMonth'], ['Day', 'driver1DobDay'], ['Year', 'driver1DobYear']]) {
      assert.match(html, new RegExp(`<label for="field-${name}">${label}</label>`));
      assert.match(html, new RegExp(`name="${name}"`));
    }
    assert.match(html, /<option value="04" selected="">April<\/option>/);
    assert.match(html, /autoComplete="bday-month"/);
    assert.match(render(fieldOf('driver2Dob')), /autoComplete="off"/, "another driver's birthday is never autofilled");
  });
});
