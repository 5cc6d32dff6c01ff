// Stylesheets are imported as text: rollup minifies them at build time (build/css-raw.mjs), Vite serves
// them raw in tests and Storybook. The text is adopted into the widget's shadow root.
declare module '*.css?raw' {
  const css: string;
  export default css;
}
