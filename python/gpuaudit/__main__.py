"""python -m gpuaudit ARGS: the same as the `gpuaudit` command."""
from gpuaudit._launcher import main

main()
