/**
 * Commands other modules contribute to the {@code weir} command line ({@link dev.weir.engines.command.CommandContribution},
 * found with {@link java.util.ServiceLoader}), and what they share with its own commands: the exit codes and the
 * duration syntax.
 */
package dev.weir.engines.command;
