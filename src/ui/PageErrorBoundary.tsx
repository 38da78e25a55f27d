import { Component, type ReactNode } from 'react';
import { errorPayload } from '../core/payload/errors.ts';
import type { PagePayload } from '../core/payload/types.ts';
import { ErrorPage } from './ErrorPage.tsx';

interface BoundaryState {
  failedPath?: string | undefined;
}

/**
 * A page that throws while rendering in the browser shows the generic error page (500 'Internal
 * Server Error', spec §8 "Fatal or unhandled error") inside the brand's chrome instead of a blank
 * screen. Navigating to another path clears it.
 */
export class PageErrorBoundary extends Component<{ payload: PagePayload; children?: ReactNode }, BoundaryState> {
  override state: BoundaryState = {};

  static getDerivedStateFromError(): BoundaryState {
    return { failedPath: '' };
  }

  override componentDidCatch(error: unknown) {
    console.error('Page failed to render', error);
    this.setState({ failedPath: this.props.payload.path });
  }

  override componentDidUpdate(previous: { payload: PagePayload }) {
    if (this.state.failedPath !== undefined && previous.payload.path !== this.props.payload.path) this.setState({ failedPath: undefined });
  }

  override render() {
    const { payload, children } = this.props;
    if (this.state.failedPath === undefined) return children;
    return <ErrorPage payload={errorPayload(payload.brand, payload.path, payload.buildId, 500)} />;
  }
}
