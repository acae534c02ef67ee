package dev.weir.tools;

import picocli.CommandLine;

/** Prints the version from the jar's manifest. */
public final class WeirVersion implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        final String version = WeirVersion.class.getPackage().getImplementationVersion();
        return new String[] {"weir " + (version == null ? "development build" : version)};
    }
}
