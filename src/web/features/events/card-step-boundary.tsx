import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` in place of the card step when its code could not be loaded (a network blip
 * after Book), instead of the route's error page: the place stays held and Back still works.
 */
export class CardStepBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
