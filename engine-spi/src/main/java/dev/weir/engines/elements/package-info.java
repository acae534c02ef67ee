/**
 * The element file of {@code weir scenario} (docs/scenarios.md), read row by row and checked by one set of rules and
 * messages whichever engine runs the scenario.
 */
package dev.weir.engines.elements;
