// The /docs page's redirect to the first section (its <script data-to> names the target); a meta refresh and a
// link do the same without JavaScript.
(function () {
  var to = document.currentScript && document.currentScript.getAttribute("data-to");
  if (to && to.charAt(0) === "/") location.replace(to);
})();
