import { type RefCallback, useCallback, useRef, useState } from 'react';

/**
 * The width of an element, followed as it resizes: charts draw at their card's width (a phone's
 * 390 px or half a desktop's row) and choose their ticks and layout from it. Without
 * ResizeObserver (jsdom) or before layout, 0: the caller picks a width of its own.
 */
export function useElementWidth<T extends HTMLElement>(): [RefCallback<T>, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node) return;
    setWidth(Math.floor(node.getBoundingClientRect().width));
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.current.observe(node);
  }, []);
  return [ref, width];
}

/** Below this a chart is on a phone, or in a narrow column: fewer ticks, legends stacked. */
export const NARROW_CHART = 480;

/** The width to draw at before the element has one (tests, the first frame). */
export const FALLBACK_CHART_WIDTH = 640;

/*
 * The plots draw without recharts' animations: a figure appears where it is. Animated, every change
 * of width (the sidebar collapsed, a phone turned, a scrollbar coming or going) drew the bars and
 * lines again from nothing, and bar values waited for the animation to end before showing.
 */
