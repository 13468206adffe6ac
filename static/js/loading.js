// Shows PyScript's start-up steps on the loading screen until Python takes over.
const text = document.getElementById("loading-text");

addEventListener("py:progress", ({ detail }) => {
  if (text && typeof detail === "string") {
    text.textContent = detail.startsWith("Loading") ? `${detail}…` : detail;
  }
});
