package dev.weir.tools.scenario;

import picocli.CommandLine;

/** Parses {@code --runtime}; an unknown name is a usage error that lists the valid ones. */
final class ScenarioRuntimeConverter implements CommandLine.ITypeConverter<ScenarioRuntime> {
    @Override
    public ScenarioRuntime convert(final String value) {
        try {
            return ScenarioRuntime.of(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
