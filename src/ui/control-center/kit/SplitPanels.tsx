/**
 * Two resizable panels side by side (react-resizable-panels v4) held to spec §9: the splitter
 * moves 10 % per arrow key (100 % with Shift), layouts total 100 % (else a warning and a
 * normalised layout), the layout is saved in local storage 100 ms after the last change and
 * restored on the next visit, and the splitter's hit area is 15 px for a finger, 5 px for a mouse.
 */
import { useEffect, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { Group, Panel, Separator, useGroupRef } from 'react-resizable-panels';
import { PANEL_RESIZE_HIT_AREA_PX } from '../../../core/control-center/ui-constants.ts';
import { debouncedLayoutSaver, keyboardStep, moveSplitter, normaliseLayout, readSavedLayout } from './panel-layout.ts';

/** Props of {@link SplitPanels}. */
export interface SplitPanelsProps {
  /** Unique on the site: the panels' ids derive from it, and so does the saved layout's key. */
  id: string;
  /** Starting sizes in percent, first then second (normalised if they do not total 100). */
  defaultSizes: readonly [number, number];
  /** Accessible name of the splitter, e.g. "Resize the traffic and changes panels". */
  splitterLabel: string;
  first: ReactNode;
  second: ReactNode;
}

/** Two panels with a keyboard-operable splitter between them. */
export function SplitPanels({ id, defaultSizes, splitterLabel, first, second }: SplitPanelsProps) {
  const ids = useMemo(() => [`${id}-first`, `${id}-second`] as const, [id]);
  const defaultLayout = useMemo(() => normaliseLayout({ [ids[0]]: defaultSizes[0], [ids[1]]: defaultSizes[1] }), [ids, defaultSizes]);
  const groupRef = useGroupRef();
  const saver = useMemo(() => (typeof localStorage === 'undefined' ? undefined : debouncedLayoutSaver(localStorage, id)), [id]);

  // The saved layout is applied after hydration: the server cannot read it, and the first
  // client render must match the server's.
  useEffect(() => {
    const saved = readSavedLayout(localStorage, id);
    if (saved && ids.every((panel) => panel in saved)) groupRef.current?.setLayout(saved);
    return () => saver?.cancel();
  }, [id, ids, groupRef, saver]);

  // Captured before the library's own handler (which steps 5 % and ignores Shift); preventing
  // the default tells that handler to stand aside. Home and End keep the library's behaviour.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const group = groupRef.current;
    if (direction === 0 || !group) return;
    event.preventDefault();
    group.setLayout(moveSplitter(group.getLayout(), ids, direction * keyboardStep(event.shiftKey)));
  };

  return (
    <Group
      id={id}
      className="cc-panels"
      groupRef={groupRef}
      defaultLayout={defaultLayout}
      resizeTargetMinimumSize={PANEL_RESIZE_HIT_AREA_PX}
      onLayoutChanged={(layout) => saver?.save(layout)}
    >
      <Panel id={ids[0]} className="cc-panel" minSize="0">
        {first}
      </Panel>
      <Separator className="cc-splitter" aria-label={splitterLabel} onKeyDownCapture={onKeyDownCapture} />
      <Panel id={ids[1]} className="cc-panel" minSize="0">
        {second}
      </Panel>
    </Group>
  );
}
