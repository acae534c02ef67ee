# shellcheck shell=bash
# The JVM flags of ./weir, perf/run and jmh/run, which source this file: the one place the
# scripts take them from the parent pom.xml and pick them by the java binary's version.
#   weir_jvm_flags ROOT JAVA   sets the arrays
#     weir_flags          weir.jvm.flags: every Weir JVM
#     weir_version_flags  weir.jvm.flags.jdk24 when JAVA is 24 or newer (Java 17 rejects them), else empty
# It prints an error and returns 1 when the pom has no weir.jvm.flags.

# The text of one <NAME>...</NAME> property of ROOT/pom.xml (properties are kept on one line).
weir_pom_property() {
  sed -n "s:.*<$2>\(.*\)</$2>.*:\1:p" "$1/pom.xml"
}

# The feature version (17, 25) of a java binary: from the release file of its JDK, without
# starting a JVM, else from the JVM's own properties.
weir_java_feature() {
  local bin
  bin="$(command -v "$1" 2>/dev/null)" || return 0
  bin="$(readlink -f "$bin")"
  if [ -f "${bin%/bin/java}/release" ]; then
    sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "${bin%/bin/java}/release"
  else
    "$bin" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p'
  fi
}

weir_jvm_flags() {
  local root="$1" java_bin="$2" feature
  read -r -a weir_flags <<<"$(weir_pom_property "$root" weir.jvm.flags)"
  if [ ${#weir_flags[@]} -eq 0 ]; then
    echo "weir.jvm.flags not found in $root/pom.xml" >&2
    return 1
  fi
  weir_version_flags=()
  feature="$(weir_java_feature "$java_bin")"
  if [ "${feature:-0}" -ge 24 ]; then
    read -r -a weir_version_flags <<<"$(weir_pom_property "$root" weir.jvm.flags.jdk24)"
  fi
}
