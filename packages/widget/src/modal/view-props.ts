// What the lazily loaded views get from the flow screen.
import type { FlowAlert, FlowState } from '../flow/index.js';
import type { WidgetRuntime } from '../runtime/widget-runtime.js';
import type { OpenCommand, WidgetOptions } from '../types.js';

export interface ViewProps {
  runtime: WidgetRuntime;
  flow: FlowState;
  alert: FlowAlert | null;
  busy: boolean;
  options: WidgetOptions & { apiBase: string };
  start?: OpenCommand;
}
