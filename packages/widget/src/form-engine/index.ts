// The form engine, shared with the dashboard (forms 31 and 50) through the widget's ESM entry.
export { FormRenderer, type FormRendererProps } from './form-renderer.js';
export { FormFieldView } from './form-field.js';
export { formatJobSiteAddress, initialAnswers, type Answer, type Answers } from './answers.js';
