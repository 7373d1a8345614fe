// Sentences show their detail on click, Enter or Space; arrow keys move between sentences.
// Batch pages keep each answer's detail as an HTML string (rendered and escaped by the
// server-side template) and insert it only when the answer is opened.
(function () {
  "use strict";

  function show(sentence) {
    var answer = sentence.closest(".answer");
    answer.querySelectorAll(".sentence").forEach(function (other) {
      var open = other === sentence && other.getAttribute("aria-expanded") !== "true";
      other.setAttribute("aria-expanded", open ? "true" : "false");
      document.getElementById(other.getAttribute("aria-controls")).hidden = !open;
    });
  }

  function wire(root) {
    var sentences = Array.prototype.slice.call(root.querySelectorAll(".sentence"));
    sentences.forEach(function (sentence, i) {
      sentence.addEventListener("click", function () { show(sentence); });
      sentence.addEventListener("keydown", function (event) {
        var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          show(sentence);
        } else if (step && sentences[i + step]) {
          event.preventDefault();
          sentences[i + step].focus();
        }
      });
    });
  }

  var bodies = null;
  function fill(item) {
    var body = item.querySelector(".item-body");
    if (body.childElementCount === 0) {
      bodies = bodies || JSON.parse(document.getElementById("item-bodies").textContent);
      body.innerHTML = bodies[Number(item.dataset.item)];
      wire(body);
    }
  }

  document.querySelectorAll(".answer").forEach(wire);
  document.querySelectorAll("details.item").forEach(function (item) {
    item.addEventListener("toggle", function () { if (item.open) { fill(item); } });
  });
  document.querySelectorAll("a[data-open]").forEach(function (link) {
    link.addEventListener("click", function () {
      var item = document.getElementById("item-" + link.dataset.open);
      item.open = true;
      fill(item);
    });
  });
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details.item").forEach(function (item) { item.open = true; fill(item); });
  });
  document.documentElement.dataset.ready = "true";
})();
