import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from '../features/placeholders/route-error-page';

interface BoundaryProps {
  /** The address shown: a crash is forgotten once the user goes elsewhere (Back, a link). */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  locationKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { error: null, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The browser's console only: nothing of it is shown to the user or sent anywhere.
    console.error('A screen crashed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorPage /> : this.props.children;
  }
}

/**
 * What the data router's root `errorElement` did (React Router's declarative mode has none): a
 * screen that throws while rendering, or whose chunk fails to load twice, shows "Something went
 * wrong" with a way out instead of a blank page; going to another address tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary locationKey={location.key}>{children}</Boundary>;
}
