S The cat sat â€ .
A 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||0
