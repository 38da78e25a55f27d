/**
 * Spec §9's pointer grace (300 ms) is built into Radix's menu, with no prop to set it: while the
 * pointer travels from a sub-menu's trigger towards the open sub-menu, the sub-menu stays open
 * that long. Its effect depends on the pointer's path across laid-out boxes, which happy-dom does
 * not lay out, so this holds the timer in the menu code our dropdown menu actually runs (the
 * package resolved from @radix-ui/react-dropdown-menu, as the bundler resolves it) to the spec's
 * constant: an upgrade of Radix that changes it fails here.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { POINTER_GRACE_MS } from '../../src/core/control-center/ui-constants.ts';

/** The ES module build of the menu package that `@radix-ui/react-dropdown-menu` imports. */
function menuModuleSource(): string {
  // Neither package exports its package.json: resolve their entries (dist/index.js) instead.
  const dropdownEntry = createRequire(import.meta.url).resolve('@radix-ui/react-dropdown-menu');
  const menuEntry = createRequire(dropdownEntry).resolve('@radix-ui/react-menu');
  return readFileSync(path.join(path.dirname(menuEntry), 'index.mjs'), 'utf8');
}

test(`the dropdown menu's sub-menus keep a pointer grace of ${POINTER_GRACE_MS} ms (spec §9)`, () => {
  const source = menuModuleSource();
  // The one timer that ends the grace intent set when the pointer leaves a sub-trigger.
  const timers = [...source.matchAll(/pointerGraceTimerRef\.current\s*=\s*window\.setTimeout\(\s*\(\)\s*=>\s*contentContext\.onPointerGraceIntentChange\(null\),\s*(\d+)\s*\)/g)];
  assert.equal(timers.length, 1, 'one pointer-grace timer in the menu');
  assert.equal(Number(timers[0]![1]), POINTER_GRACE_MS);
});
