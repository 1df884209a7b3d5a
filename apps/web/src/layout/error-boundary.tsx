import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { addErrorLog } from '../lib/error-log';

interface Props {
  children: ReactNode;
  title: string;
  reloadLabel: string;
}

/** E2: a page that throws is logged and replaced by a message; the shell stays usable. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    addErrorLog(
      error,
      `React render${info.componentStack ? `: ${info.componentStack.split('\n')[1]?.trim()}` : ''}`,
    );
  }

  override render() {
    if (this.state.error) {
      return (
        <Result
          status="error"
          title={this.props.title}
          subTitle={this.state.error.message}
          extra={
            <Button type="primary" onClick={() => window.location.reload()}>
              {this.props.reloadLabel}
            </Button>
          }
        />
      );
    }
    return this.props.children;
  }
}
