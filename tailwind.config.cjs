// Channel, sentiment and project colours come from the same file the charts read, so classes and charts agree.
const colors = require("./src/shared/colors.json");

/** @type {import('tailwindcss').Config} */
module.exports = {
  theme: {
    extend: {
      colors: {
        channel: colors.channel,
        sentiment: colors.sentiment,
        project: { default: colors.project.default },
      },
      fontFamily: {
        sans: ['"Be Vietnam Pro"', "system-ui", "-apple-system", '"Segoe UI"', "Roboto", "sans-serif"],
      },
      screens: {
        // Spec §1: desktop from 1024 px; the thank-you button switches at 1023 px.
        desktop: "1024px",
      },
    },
  },
};
