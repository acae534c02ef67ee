/**
 * The engine SPI: {@link dev.weir.engines.ExecutionEngine}, an engine other than Weir's own that the command line runs
 * jobs on ({@code --engine NAME}), found with {@link java.util.ServiceLoader} ({@link dev.weir.engines.Engines}), and
 * the options it is handed ({@link dev.weir.engines.EngineRunOptions}). An engine's other capabilities are facets of
 * types their own modules define ({@link dev.weir.engines.ExecutionEngine#facet}).
 */
package dev.weir.engines;
