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
        // Spec §1: desktop from 1024 px; the thank-you button switches at 1023 px. Written in rem like Tailwind's own
        // breakpoints (64rem is 1024 px at the browser's default size): in px it sorted before sm, so "sm:" won on desktops.
        desktop: "64rem",
      },
    },
  },
};
