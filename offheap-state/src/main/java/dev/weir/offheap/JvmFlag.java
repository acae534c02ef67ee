package dev.weir.offheap;

/**
 * One JVM flag Weir needs, as written on the java command line, and whether this JVM was
 * started with it. Understands {@code --add-opens=MODULE/PACKAGE=ALL-UNNAMED},
 * {@code --add-exports=MODULE/PACKAGE=ALL-UNNAMED} and {@code -DNAME=VALUE}. Immutable.
 */
final class JvmFlag {
    private static final String OPENS = "--add-opens=";
    private static final String EXPORTS = "--add-exports=";
    private static final String PROPERTY = "-D";
    private static final String ALL_UNNAMED = "=ALL-UNNAMED";

    /** What the flag grants. */
    private enum Kind { OPENS, EXPORTS, PROPERTY }

    private final String text;
    private final Kind kind;
    private final String name;
    private final String value;

    private JvmFlag(final String text, final Kind kind, final String name, final String value) {
        this.text = text;
        this.kind = kind;
        this.name = name;
        this.value = value;
    }

    /**
     * @param text the flag, e.g. {@code --add-opens=java.base/java.lang=ALL-UNNAMED}
     * @return the flag
     * @throws IllegalArgumentException if the flag has none of the understood forms
     */
    static JvmFlag parse(final String text) {
        final Kind access = text.startsWith(OPENS) ? Kind.OPENS : text.startsWith(EXPORTS) ? Kind.EXPORTS : null;
        if (access != null && text.endsWith(ALL_UNNAMED)) {
            final String target = text.substring((access == Kind.OPENS ? OPENS : EXPORTS).length(),
                    text.length() - ALL_UNNAMED.length());
            final int slash = target.indexOf('/');
            if (slash > 0 && slash < target.length() - 1) {
                return new JvmFlag(text, access, target.substring(0, slash), target.substring(slash + 1));
            }
        }
        final int equals = text.indexOf('=');
        if (text.startsWith(PROPERTY) && equals > PROPERTY.length()) {
            return new JvmFlag(text, Kind.PROPERTY, text.substring(PROPERTY.length(), equals), text.substring(equals + 1));
        }
        throw new IllegalArgumentException("unsupported JVM flag '" + text + "' (expected " + OPENS + "MODULE/PACKAGE"
                + ALL_UNNAMED + ", " + EXPORTS + "MODULE/PACKAGE" + ALL_UNNAMED + " or " + PROPERTY + "NAME=VALUE)");
    }

    /** @return the flag as written on the command line */
    String text() {
        return text;
    }

    /** @return the module the flag opens or exports a package of, or {@code null} for a system property */
    String moduleName() {
        return kind == Kind.PROPERTY ? null : name;
    }

    /**
     * @param layer the module layer the flag's module is looked up in (the boot layer)
     * @param unnamed the unnamed module that needs the access (where Chronicle's classes are)
     * @return whether this JVM runs as if started with the flag; false also when its module is absent
     */
    boolean isInEffect(final ModuleLayer layer, final Module unnamed) {
        if (kind == Kind.PROPERTY) {
            return value.equals(System.getProperty(name));
        }
        return layer.findModule(name)
                .map(module -> kind == Kind.OPENS ? module.isOpen(value, unnamed) : module.isExported(value, unnamed))
                .orElse(false);
    }

    @Override
    public String toString() {
        return text;
    }
}
