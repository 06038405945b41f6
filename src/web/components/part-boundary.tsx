import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` (nothing, unless given) in place of a part of a page whose code could not be
 * loaded (a network blip), instead of the route's error page taking the whole page: the card step
 * after Book (the place stays held and Back still works), a dialog or the nav drawer.
 */
export class PartBoundary extends Component<{ fallback?: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
